from app.decorators import Service, log


def test_run():
    def check():
        return Service().run()

    class Fake:
        def emit(self):
            log("fake")

    check()
    Fake().emit()
