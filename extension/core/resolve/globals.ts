/**
 * Names every program can use without binding them
 * ================================================
 * Python's builtins and the globals of JavaScript runtimes (ECMAScript, browsers, Node, test
 * runners). An unbound name from these lists is the runtime's, not the workspace's: `Math.round`
 * must never be guessed to be a workspace function named `round`.
 */

const PYTHON_BUILTINS = new Set(
  (
    'ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup BlockingIOError ' +
    'BrokenPipeError BufferError BytesWarning ChildProcessError ConnectionAbortedError ConnectionError ' +
    'ConnectionRefusedError ConnectionResetError DeprecationWarning EOFError Ellipsis EncodingWarning ' +
    'EnvironmentError Exception ExceptionGroup False FileExistsError FileNotFoundError FloatingPointError ' +
    'FutureWarning GeneratorExit IOError ImportError ImportWarning IndentationError IndexError ' +
    'InterruptedError IsADirectoryError KeyError KeyboardInterrupt LookupError MemoryError ' +
    'ModuleNotFoundError NameError None NotADirectoryError NotImplemented NotImplementedError OSError ' +
    'OverflowError PendingDeprecationWarning PermissionError ProcessLookupError RecursionError ' +
    'ReferenceError ResourceWarning RuntimeError RuntimeWarning StopAsyncIteration StopIteration ' +
    'SyntaxError SyntaxWarning SystemError SystemExit TabError TimeoutError True TypeError ' +
    'UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError UnicodeTranslateError ' +
    'UnicodeWarning UserWarning ValueError Warning ZeroDivisionError abs aiter all anext any ascii bin ' +
    'bool breakpoint bytearray bytes callable chr classmethod compile complex copyright credits delattr ' +
    'dict dir divmod enumerate eval exec exit filter float format frozenset getattr globals hasattr hash ' +
    'help hex id input int isinstance issubclass iter len license list locals map max memoryview min next ' +
    'object oct open ord pow print property quit range repr reversed round set setattr slice sorted ' +
    'staticmethod str sum super tuple type vars zip'
  ).split(' '),
);

const JS_GLOBALS = new Set(
  (
    'globalThis window self document navigator location history console process Buffer require module ' +
    'exports __dirname __filename global setTimeout clearTimeout setInterval clearInterval setImmediate ' +
    'clearImmediate queueMicrotask structuredClone fetch Request Response Headers URL URLSearchParams ' +
    'AbortController AbortSignal Event EventTarget CustomEvent TextEncoder TextDecoder Blob File FormData ' +
    'WebSocket Worker performance crypto localStorage sessionStorage atob btoa alert confirm prompt ' +
    'requestAnimationFrame cancelAnimationFrame Object Function Array Number parseFloat parseInt Infinity ' +
    'NaN undefined Boolean String Symbol Date Promise RegExp Error AggregateError EvalError RangeError ' +
    'ReferenceError SyntaxError TypeError URIError JSON Math Intl ArrayBuffer SharedArrayBuffer ' +
    'Uint8Array Int8Array Uint16Array Int16Array Uint32Array Int32Array Float32Array Float64Array ' +
    'Uint8ClampedArray BigInt64Array BigUint64Array DataView Map BigInt Set WeakMap WeakSet WeakRef ' +
    'FinalizationRegistry Proxy Reflect Atomics decodeURI decodeURIComponent encodeURI encodeURIComponent ' +
    'escape unescape eval isFinite isNaN Iterator describe it test expect beforeEach afterEach beforeAll ' +
    'afterAll jest vi suite context before after'
  ).split(' '),
);

export function isRuntimeGlobal(name: string, python: boolean): boolean {
  return python ? PYTHON_BUILTINS.has(name) : JS_GLOBALS.has(name);
}
