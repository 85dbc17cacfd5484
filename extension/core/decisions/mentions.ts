/**
 * What a code span or link names
 * ==============================
 * Classifies a mention's text before any lookup: a path (`src/app/api.py`, `src/legacy/`,
 * `app/api.py:42`), a name chain (`PaymentGateway`, `Client.send`, `app.api.Client.send`,
 * `load_config()`), or nothing code-like (`npm run build`, `true`, `https://…`). Plain lower-case
 * words count only when written as calls (`slugify()`): as bare words they are far more often
 * prose, commands or option values than code.
 */
import { SOURCE_EXTENSIONS } from '../parse/languages';

export type Classified =
  | { form: 'path'; path: string; folder: boolean }
  /** `inFile`: the file a `path::name` mention names the definition in. */
  | { form: 'name'; parts: string[]; call: boolean; inFile?: string }
  /** An HTTP route: `GET /v1/things/{id}`, `/api/v1/reconcile`. */
  | { form: 'route'; method?: string; path: string }
  | { form: 'none' };

const HTTP_METHOD = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/;

/** `GET /a/b`, `POST /x` (a method and a path) or a path of two or more segments with a version or a parameter (`/api/v1/x`, `/things/{id}`). */
export function routeOf(raw: string): { method?: string; path: string } | undefined {
  const m = /^\s*(?:([A-Z]+)\s+)?(\/[\w\-./{}:<>*]*)(?:\?\S*)?\s*$/.exec(raw);
  if (!m) return undefined;
  const method = m[1];
  if (method !== undefined && !HTTP_METHOD.test(method)) return undefined;
  const path = m[2]!;
  const segments = path.split('/').filter((x) => x !== '');
  if (segments.length === 0) return undefined;
  if (method === undefined && !(segments.length >= 2 && segments.some((x) => /^v\d+$|^api$|^[{:<]/.test(x)))) return undefined;
  return method ? { method, path } : { path };
}

export const CODE_EXTENSIONS = new RegExp(`\\.(${SOURCE_EXTENSIONS.join('|')})$`);
const IDENT = /^[A-Za-z_$][\w$]*$/;
/** Names of the languages' own library that a record may mention without naming workspace code. */
const BUILTINS = new Set([
  'Promise', 'Error', 'Map', 'Set', 'Array', 'Object', 'JSON', 'String', 'Number', 'Boolean', 'Date', 'RegExp', 'Symbol',
  'WeakMap', 'WeakRef', 'Record', 'Partial', 'Readonly', 'Buffer', 'URL', 'AbortSignal', 'EventEmitter',
  'None', 'True', 'False', 'Exception', 'ValueError', 'TypeError', 'KeyError', 'RuntimeError', 'Optional', 'Union', 'Any',
  'TypedDict', 'NamedTuple', 'Protocol', 'Enum', 'Path', 'Decimal', 'UUID', 'TODO', 'README',
]);

export function classify(raw: string): Classified {
  let text = raw.trim();
  const route = routeOf(text);
  if (route) return { form: 'route', ...route };
  // `@with_hooks`, `@invoke_with_hooks(ctx)`: a decorator names its function (a scoped package, `@org/pkg`, does not).
  const decorator = /^@([A-Za-z_$][\w$.]*)(?:\(.*\))?$/.exec(text);
  if (decorator && !text.includes('/')) return classify(decorator[1]!.includes('.') || /[A-Z_]/.test(decorator[1]!) ? decorator[1]! : `${decorator[1]}()`);
  // `app/actions.py::update()`: pytest's way of naming a definition inside a file.
  const inFile = /^([\w./-]+\.\w+)::([A-Za-z_][\w.]*)(\(\))?$/.exec(text);
  if (inFile && CODE_EXTENSIONS.test(inFile[1]!)) return { form: 'name', parts: inFile[2]!.split('.'), call: inFile[3] !== undefined, inFile: inFile[1]!.replace(/^\.\//, '') };
  if (text === '' || /\s/.test(text) || /^[a-z][\w+.-]*:\/\//i.test(text) || text.startsWith('@') || text.startsWith('-')) return { form: 'none' };
  // `path:42`, `path:42-50`, `path#L42` point into a file: the file is what is named.
  text = text.replace(/(?::\d+(?:[-:]\d+)?|#L\d+(?:-L\d+)?)$/, '');
  if (text.includes('/') || CODE_EXTENSIONS.test(text)) {
    if (text.startsWith('/') || text.startsWith('~') || text.includes('..')) return { form: 'none' };
    const path = text.replace(/^\.\//, '');
    const folder = path.endsWith('/');
    const clean = path.replace(/\/+$/, '');
    const last = clean.slice(clean.lastIndexOf('/') + 1);
    // `docs/setup.md`, `config/app.yml`: files, but not code the graph holds.
    if (!folder && last.includes('.') && !CODE_EXTENSIONS.test(last)) return { form: 'none' };
    if (clean === '' || /[^\w./$@-]/.test(clean)) return { form: 'none' };
    return { form: 'path', path: clean, folder };
  }
  let call = false;
  const callMatch = /^(.+?)\((?:[^()]*)\)$/.exec(text);
  if (callMatch) {
    text = callMatch[1]!;
    call = true;
  }
  const parts = text.replace(/#/g, '.').replace(/::/g, '.').split('.');
  if (!parts.every((p) => IDENT.test(p))) return { form: 'none' };
  if (parts.length === 1 && !call && !looksLikeCode(parts[0]!)) return { form: 'none' };
  return { form: 'name', parts, call };
}

/** PascalCase, camelCase or snake_case: a word that is most likely an identifier. ALL_CAPS is left out. */
export function looksLikeCode(word: string): boolean {
  if (/^[A-Z0-9_]+$/.test(word)) return false;
  return /^[A-Z][a-z0-9]/.test(word) || /^[a-z][a-z0-9]*[A-Z]/.test(word) || /[a-z0-9]_[a-z0-9]/i.test(word);
}

/**
 * Whether an unresolved name should be reported as a stale mention. A one-hump PascalCase word
 * (`Redis`, `Kafka`) is as often a product as a class; a builtin is nobody's code.
 */
export function worthReporting(parts: string[], call: boolean): boolean {
  if (parts.some((p) => BUILTINS.has(p))) return false;
  if (parts.length > 1 || call) return true;
  const word = parts[0]!;
  return /[a-z0-9]_[a-z0-9]/i.test(word) || /^[a-z][a-z0-9]*[A-Z]/.test(word) || /^[A-Z][a-z0-9]+[A-Z]/.test(word);
}
