"""Decorator factories: each layer is a definition of its own."""
import functools


def log(message: str) -> None:
#   ^^^ definition function py:app.decorators:log
    print(message)


def make_decorator(tag):
#   ^^^^^^^^^^^^^^ definition function py:app.decorators:make_decorator
    def decorator(f):
#       ^^^^^^^^^ definition function py:app.decorators:make_decorator.decorator
        @functools.wraps(f)
        def wrapper(*args):
#           ^^^^^^^ definition function py:app.decorators:make_decorator.decorator.wrapper
            log(tag)
#           ^^^ calls py:app.decorators:log
            return f(*args)

        return wrapper

    return decorator


def shout(str: str) -> str:
#   ^^^^^ definition function py:app.decorators:shout
    return str.upper()


class Service:
#     ^^^^^^^ definition class py:app.decorators:Service
    def run(self):
#       ^^^ definition method py:app.decorators:Service.run
        def step():
#           ^^^^ definition function py:app.decorators:Service.run.step
            self.helper()
#                ^^^^^^ calls py:app.decorators:Service.helper

        class Local:
#             ^^^^^ definition class py:app.decorators:Service.run.Local
            def go(self):
#               ^^ definition method py:app.decorators:Service.run.Local.go
                log("go")
#               ^^^ calls py:app.decorators:log

        step()
#       ^^^^ calls py:app.decorators:Service.run.step
        Local().go()
#       ^^^^^ calls py:app.decorators:Service.run.Local
#               ^^ calls py:app.decorators:Service.run.Local.go
        return [lambda: log("lambda")]
#                       ^^^ calls py:app.decorators:log

    def helper(self):
#       ^^^^^^ definition method py:app.decorators:Service.helper
        return make_decorator("x")
#              ^^^^^^^^^^^^^^ calls py:app.decorators:make_decorator
