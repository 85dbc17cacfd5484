/**
 * Node ids
 * ========
 * The one module that builds and reads node ids; nothing else writes an id with a template string.
 * Ids are stable and readable so an agent can pass them back:
 *   file:src/app/api.py            a file
 *   module:src/app                 a folder (Python package or TS/JS folder)
 *   py:app.api:Client.send         a Python symbol: dotted module, then the qualified name
 *   ts:src/util/cache:Cache.put    a TS/TSX symbol: path without extension, then the qualified name
 *   js:lib/index:main              a JS symbol
 *   ext:numpy, ext:@scope/pkg      a third-party package
 *   adr:docs/adr/0003-use-x.md     an architecture decision record (decisions/)
 *   config:CLAUDE.md#testing       a level-2 section of an instruction file
 *   concept:docs/adr/0003-use-x.md#caching   a concept a record or section defines
 *   mem:3f9a0c1d2b4e5f60           an agent-memory entity (memory/), `mem:` + a hash of its name
 *   doc:docs/guide.md              a prose document (docs/): Markdown, text, HTML, PDF, DOCX
 *   entity:rate-limiter            an entity mined from the docs that names no code node (docs/)
 *   decision:5e1c…, trade_off:9a0b…  extracted by the LLM layer (llm/), ids from a hash of their content
 *
 * Pure string work (no hashing here: the owners of hashed ids pass the digest; no registry: a
 * symbol's prefix comes from its language's entry), so the webview can use it too.
 */
/** The prefix of each kind of id that is not a code symbol. */
const PREFIX = {
  file: 'file',
  module: 'module',
  external: 'ext',
  adr: 'adr',
  config: 'config',
  concept: 'concept',
  memory: 'mem',
  doc: 'doc',
  entity: 'entity',
  decision: 'decision',
  trade_off: 'trade_off',
} as const;

/** Every prefix but those of symbols, which are the languages' own (parse/languages.ts). */
const NON_SYMBOL_PREFIXES: ReadonlySet<string> = new Set(Object.values(PREFIX));

export const fileId = (path: string): string => `${PREFIX.file}:${path}`;
export const moduleId = (dir: string): string => `${PREFIX.module}:${dir === '' ? '.' : dir}`;
export const externalId = (pkg: string): string => `${PREFIX.external}:${pkg}`;

/**
 * A symbol: its language's id prefix (the registry's `idPrefix`), then the dotted module (Python)
 * or the path without extension, then the qualified name.
 */
export function symbolId(prefix: string, container: string, qualifiedName: string): string {
  return `${prefix}:${container}:${qualifiedName}`;
}

export const adrId = (path: string): string => `${PREFIX.adr}:${path}`;
export const configId = (path: string, section: string): string => `${PREFIX.config}:${path}#${section}`;
export const conceptId = (path: string, anchor: string): string => `${PREFIX.concept}:${path}#${anchor}`;
export const docId = (path: string): string => `${PREFIX.doc}:${path}`;
/** An entity mined from the docs, by its normalised key. */
export const entityId = (key: string): string => `${PREFIX.entity}:${key}`;
/** An agent-memory entity, by the hex digest of its name (memory/graph.ts). */
export const memoryNodeId = (digest: string): string => `${PREFIX.memory}:${digest}`;
/** LLM-extracted nodes, by the hex digest of their content (llm/nodes.ts). */
export const decisionNodeId = (digest: string): string => `${PREFIX.decision}:${digest}`;
export const tradeOffNodeId = (digest: string): string => `${PREFIX.trade_off}:${digest}`;

// ---- reading ids --------------------------------------------------------------------------------

const prefixOf = (id: string): string => {
  const at = id.indexOf(':');
  return at < 0 ? '' : id.slice(0, at);
};

export const isFileId = (id: string): boolean => id.startsWith(`${PREFIX.file}:`);
export const isModuleId = (id: string): boolean => id.startsWith(`${PREFIX.module}:`);
export const isExternalId = (id: string): boolean => id.startsWith(`${PREFIX.external}:`);
export const isEntityId = (id: string): boolean => id.startsWith(`${PREFIX.entity}:`);
export const isSymbolId = (id: string): boolean => {
  const prefix = prefixOf(id);
  // A language's prefix is a lower-case word (`py`, `ts`); `/etc/passwd:1` or `C:\\x` is a path.
  return /^[a-z][a-z0-9_]*$/.test(prefix) && !NON_SYMBOL_PREFIXES.has(prefix);
};

/** The path of a `file:` id, or undefined for any other id. */
export const filePathOf = (id: string): string | undefined => (isFileId(id) ? id.slice(PREFIX.file.length + 1) : undefined);
/** The path of a `doc:` id, or undefined for any other id. */
export const docPathOf = (id: string): string | undefined => (id.startsWith(`${PREFIX.doc}:`) ? id.slice(PREFIX.doc.length + 1) : undefined);
/** The key of an `entity:` id (what entityId was given), or undefined for any other id. */
export const entityKeyOf = (id: string): string | undefined => (isEntityId(id) ? id.slice(PREFIX.entity.length + 1) : undefined);

/** The container kind an id's prefix says (`file:`, `module:`, `ext:`), else undefined. */
export function containerKindOf(id: string): 'file' | 'module' | 'external' | undefined {
  if (isFileId(id)) return 'file';
  if (isModuleId(id)) return 'module';
  if (isExternalId(id)) return 'external';
  return undefined;
}

/**
 * The container part of a symbol id (`app.api` of `py:app.api:Client.send`, `src/util/cache` of
 * `ts:src/util/cache:Cache.put`), or undefined for non-symbol ids.
 */
export function containerOf(id: string): string | undefined {
  if (!isSymbolId(id)) return undefined;
  const first = id.indexOf(':');
  const second = id.indexOf(':', first + 1);
  return second < 0 ? undefined : id.slice(first + 1, second);
}

/** Ids whose prefix says they are not a path: symbols, modules and packages (file: ids are paths). */
export const isNonPathId = (id: string): boolean => isSymbolId(id) || isModuleId(id) || isExternalId(id);
