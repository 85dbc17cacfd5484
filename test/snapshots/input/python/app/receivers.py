"""Receivers a checker types: decorator-made objects, casts, isinstance, annotated containers."""
import sys
import typing as t
from typing import cast


class Group:
    def command(self, name: str) -> t.Callable[[t.Callable[..., t.Any]], "Command"]:
        ...

    def invoke(self, ctx: str) -> None:
        pass


class Command:
    def run(self) -> None:
        pass


@t.overload
def group(__func: t.Callable[..., t.Any]) -> Group:
    ...


@t.overload
def group(name: t.Optional[str] = None) -> t.Callable[[t.Callable[..., t.Any]], Group]:
    ...


def group(name: t.Union[str, t.Callable[..., t.Any], None] = None) -> t.Union[Group, t.Callable[[t.Callable[..., t.Any]], Group]]:
    ...


@group()
def cli() -> None:
    pass


@cli.command("hello")
def hello() -> None:
    pass


class BaseAdapter:
    def close(self) -> None:
        pass


class Special(BaseAdapter):
    def special(self) -> None:
        pass


class Pool:
    def __init__(self) -> None:
        self.adapters: dict[str, BaseAdapter] = {}

    def close_all(self) -> None:
        for v in self.adapters.values():
            v.close()
        self.adapters.get("x").close()

    def narrow(self, a: object) -> None:
        if isinstance(a, Special):
            a.special()
        if not isinstance(a, Group):
            return
        a.invoke("x")

    def casts(self, x: object) -> None:
        t.cast(Group, x).invoke("y")
        g = cast("Command", x)
        g.run()


def main() -> None:
    cli.invoke("ctx")
    hello.run()


def pairs(pool: Pool, log=None) -> None:
    if log is None:
        # A def shadowing the parameter: the checker names the def.
        def log(x: str) -> None:
            pass
    for key, value in pool.adapters.items():
        value.close()
        log(key)
    for i, adapter in enumerate(pool.adapters.values()):
        adapter.close()


if sys.platform == "win32":
    def where() -> str:
        return "win"
else:
    # Both branches are definitions; the name holds the last one, as the checker says.
    def where() -> str:
        return "posix"


def show() -> str:
    return where()
