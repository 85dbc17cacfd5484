from app.decorators import Service, log


def test_run():
#   ^^^^^^^^ definition test py:tests.test_service:test_run
#   ^^^^^^^^ tests py:app.decorators:Service
#   ^^^^^^^^ tests py:app.decorators:Service.run
#   ^^^^^^^^ tests py:app.decorators:log
    def check():
#       ^^^^^ definition function py:tests.test_service:test_run.check
        return Service().run()
#              ^^^^^^^ calls py:app.decorators:Service
#                        ^^^ calls py:app.decorators:Service.run

    class Fake:
#         ^^^^ definition class py:tests.test_service:test_run.Fake
        def emit(self):
#           ^^^^ definition method py:tests.test_service:test_run.Fake.emit
            log("fake")
#           ^^^ calls py:app.decorators:log

    check()
#   ^^^^^ calls py:tests.test_service:test_run.check
    Fake().emit()
#   ^^^^ calls py:tests.test_service:test_run.Fake
#          ^^^^ calls py:tests.test_service:test_run.Fake.emit
