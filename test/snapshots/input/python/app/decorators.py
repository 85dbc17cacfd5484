"""Decorator factories: each layer is a definition of its own."""
import functools


def log(message: str) -> None:
    print(message)


def make_decorator(tag):
    def decorator(f):
        @functools.wraps(f)
        def wrapper(*args):
            log(tag)
            return f(*args)

        return wrapper

    return decorator


def shout(str: str) -> str:
    return str.upper()


class Service:
    def run(self):
        def step():
            self.helper()

        class Local:
            def go(self):
                log("go")

        step()
        Local().go()
        return [lambda: log("lambda")]

    def helper(self):
        return make_decorator("x")
