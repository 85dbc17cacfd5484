"""Receivers a checker types: decorator-made objects, casts, isinstance, annotated containers."""
import sys
import typing as t
from typing import cast


class Group:
#     ^^^^^ definition class py:app.receivers:Group
    def command(self, name: str) -> t.Callable[[t.Callable[..., t.Any]], "Command"]:
#       ^^^^^^^ definition method py:app.receivers:Group.command
        ...

    def invoke(self, ctx: str) -> None:
#       ^^^^^^ definition method py:app.receivers:Group.invoke
        pass


class Command:
#     ^^^^^^^ definition class py:app.receivers:Command
    def run(self) -> None:
#       ^^^ definition method py:app.receivers:Command.run
        pass


@t.overload
def group(__func: t.Callable[..., t.Any]) -> Group:
    ...


@t.overload
def group(name: t.Optional[str] = None) -> t.Callable[[t.Callable[..., t.Any]], Group]:
    ...


def group(name: t.Union[str, t.Callable[..., t.Any], None] = None) -> t.Union[Group, t.Callable[[t.Callable[..., t.Any]], Group]]:
#   ^^^^^ definition function py:app.receivers:group
    ...


@group()
#^^^^^ calls py:app.receivers:group (from the module)
def cli() -> None:
#   ^^^ definition function py:app.receivers:cli
    pass


@cli.command("hello")
#    ^^^^^^^ calls py:app.receivers:Group.command (from the module)
def hello() -> None:
#   ^^^^^ definition function py:app.receivers:hello
    pass


class BaseAdapter:
#     ^^^^^^^^^^^ definition class py:app.receivers:BaseAdapter
    def close(self) -> None:
#       ^^^^^ definition method py:app.receivers:BaseAdapter.close
        pass


class Special(BaseAdapter):
#     ^^^^^^^ definition class py:app.receivers:Special
    def special(self) -> None:
#       ^^^^^^^ definition method py:app.receivers:Special.special
        pass


class Pool:
#     ^^^^ definition class py:app.receivers:Pool
    def __init__(self) -> None:
#       ^^^^^^^^ definition method py:app.receivers:Pool.__init__
        self.adapters: dict[str, BaseAdapter] = {}

    def close_all(self) -> None:
#       ^^^^^^^^^ definition method py:app.receivers:Pool.close_all
        for v in self.adapters.values():
            v.close()
#             ^^^^^ calls py:app.receivers:BaseAdapter.close
        self.adapters.get("x").close()
#                              ^^^^^ calls py:app.receivers:BaseAdapter.close

    def narrow(self, a: object) -> None:
#       ^^^^^^ definition method py:app.receivers:Pool.narrow
        if isinstance(a, Special):
            a.special()
#             ^^^^^^^ calls py:app.receivers:Special.special
        if not isinstance(a, Group):
            return
        a.invoke("x")
#         ^^^^^^ calls py:app.receivers:Group.invoke

    def casts(self, x: object) -> None:
#       ^^^^^ definition method py:app.receivers:Pool.casts
        t.cast(Group, x).invoke("y")
#                        ^^^^^^ calls py:app.receivers:Group.invoke
        g = cast("Command", x)
        g.run()
#         ^^^ calls py:app.receivers:Command.run


def main() -> None:
#   ^^^^ definition function py:app.receivers:main
    cli.invoke("ctx")
#       ^^^^^^ calls py:app.receivers:Group.invoke
    hello.run()
#         ^^^ calls py:app.receivers:Command.run


def pairs(pool: Pool, log=None) -> None:
#   ^^^^^ definition function py:app.receivers:pairs
    if log is None:
        # A def shadowing the parameter: the checker names the def.
        def log(x: str) -> None:
#           ^^^ definition function py:app.receivers:pairs.log
            pass
    for key, value in pool.adapters.items():
        value.close()
#             ^^^^^ calls py:app.receivers:BaseAdapter.close
        log(key)
#       ^^^ calls py:app.receivers:pairs.log
    for i, adapter in enumerate(pool.adapters.values()):
        adapter.close()
#               ^^^^^ calls py:app.receivers:BaseAdapter.close


if sys.platform == "win32":
    def where() -> str:
#       ^^^^^ definition function py:app.receivers:where
        return "win"
else:
    # Both branches are definitions; the name holds the last one, as the checker says.
    def where() -> str:
#       ^^^^^ definition function py:app.receivers:where@2
        return "posix"


def show() -> str:
#   ^^^^ definition function py:app.receivers:show
    return where()
#          ^^^^^ calls py:app.receivers:where@2
