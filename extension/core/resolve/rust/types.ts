/**
 * Rust types, as far as receivers need them
 * =========================================
 * A type text written somewhere (a parameter, a field, a return type, a `let x: T`) becomes a Ty:
 * a workspace struct/enum (with its generic arguments), the traits a `dyn Tr` / `impl Tr` / `T: Tr`
 * value is known by, or the std shapes method chains go through (Option/Result unwrap to their
 * first argument, Vec/slices/iterators yield their element, tuples index). Box, Rc, Arc, Cow and
 * references are transparent: a method call auto-dereferences through them.
 */
import type { SymbolFact } from '../../parse/facts';
import type { DepTracker } from '../tracker';
import type { Def, Place, RustNames } from './modules';
import { parseType, type TypeNode } from './type_text';

export interface SymDef {
  path: string;
  qn: string;
  kind: SymbolFact['kind'];
}

export type Ty =
  | { t: 'named'; def: SymDef; args: (Ty | undefined)[] }
  | { t: 'bound'; traits: SymDef[] }
  | { t: 'option'; inner: Ty | undefined }
  | { t: 'seq'; elem: Ty | undefined }
  | { t: 'tuple'; items: (Ty | undefined)[] }
  /** A type from outside the workspace (std's `str`, `u8`, a dependency's type), by its last name when known. */
  | { t: 'ext'; name?: string };

export const EXT: Ty = { t: 'ext' };

const OPTION_LIKE = new Set(['Option', 'Result', 'Poll', 'LockResult']);
const SEQ_LIKE = new Set(['Vec', 'VecDeque', 'LinkedList', 'HashSet', 'BTreeSet', 'BinaryHeap', 'IntoIter', 'Iter', 'IterMut', 'Drain', 'SmallVec', 'ArrayVec']);
const TRANSPARENT = new Set(['Box', 'Rc', 'Arc', 'Cow', 'Ref', 'RefMut', 'RefCell', 'Cell', 'Mutex', 'MutexGuard', 'RwLock', 'RwLockReadGuard', 'RwLockWriteGuard', 'Pin', 'ManuallyDrop']);
const MAX_TYPE_DEPTH = 12;

/** Generic parameters in scope: `T` → the traits it is bounded by. */
export type Generics = ReadonlyMap<string, string[]>;

export interface TypeScope {
  place: Place;
  /** What `Self` is. */
  self?: Ty;
  generics?: Generics;
}

export function tyOfText(names: RustNames, text: string | undefined, scope: TypeScope, tracker: DepTracker): Ty | undefined {
  if (text === undefined) return undefined;
  return tyOf(names, parseType(text), scope, tracker, 0);
}

export function tyOf(names: RustNames, node: TypeNode, scope: TypeScope, tracker: DepTracker, depth: number): Ty | undefined {
  if (depth > MAX_TYPE_DEPTH) return undefined;
  const sub = (n: TypeNode | undefined): Ty | undefined => (n ? tyOf(names, n, scope, tracker, depth + 1) : undefined);
  switch (node.k) {
    case 'tuple':
      return { t: 'tuple', items: node.items.map(sub) };
    case 'slice':
      return { t: 'seq', elem: sub(node.elem) };
    case 'dyn': {
      const traits: SymDef[] = [];
      for (const b of node.bounds) {
        const t = sub(b);
        if (t?.t === 'bound') traits.push(...t.traits);
      }
      return traits.length ? { t: 'bound', traits } : EXT;
    }
    case 'other':
      return undefined;
    case 'path':
      break;
  }
  const path = node.path;
  const last = path[path.length - 1]!;
  if (path.length === 1 && last === 'Self') return scope.self;
  if (path.length === 1 && scope.generics?.has(last)) {
    const traits: SymDef[] = [];
    for (const bound of scope.generics.get(last)!) {
      const t = tyOfText(names, bound, { ...scope, generics: undefined }, tracker);
      if (t?.t === 'bound') traits.push(...t.traits);
    }
    return traits.length ? { t: 'bound', traits } : EXT;
  }
  const def: Def | undefined = names.resolvePath(scope.place, path, tracker);
  if (def?.t === 'sym') {
    if (def.kind === 'interface') return { t: 'bound', traits: [def] };
    if (def.kind === 'type') return aliasTarget(names, def, tracker, depth);
    if (def.kind === 'class' || def.kind === 'enum') return { t: 'named', def, args: node.args.map(sub) };
    return undefined;
  }
  if (def && def.t !== 'ext') return undefined;
  // std's shapes, by name (a workspace type of the same name was found above).
  if (OPTION_LIKE.has(last)) return { t: 'option', inner: sub(node.args[0]) };
  if (SEQ_LIKE.has(last)) return { t: 'seq', elem: sub(node.args[0]) };
  if (TRANSPARENT.has(last)) return node.args[0] ? sub(node.args[0]) : EXT;
  return { t: 'ext', name: last };
}

/** `struct AsMap<'a, KVS: Source>(…)` → ['KVS']: the type parameters of a type's declaration, in order. */
export function typeParamsOf(signature: string): string[] {
  const m = /\b(?:struct|enum|union)\s+\w+\s*<(.*)$/s.exec(signature);
  if (!m) return [];
  let level = 1;
  let i = 0;
  const text = m[1]!;
  for (; i < text.length && level > 0; i++) {
    if (text[i] === '<') level++;
    else if (text[i] === '>') level--;
  }
  return splitTop(text.slice(0, i - 1))
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith("'") && !p.startsWith('const '))
    .map((p) => /^(\w+)/.exec(p)?.[1] ?? '');
}

function aliasTarget(names: RustNames, def: SymDef, tracker: DepTracker, depth: number): Ty | undefined {
  const view = names.project.view(def.path, tracker, def.qn.split('.')[0]!);
  const s = view?.symbols.get(def.qn);
  if (!s?.returnType) return undefined;
  return tyOf(names, parseType(s.returnType), { place: { mod: names.modOf(def.path, s) } }, tracker, depth + 1);
}

/**
 * `fn f<T: A + B, U>(…) where U: C` → T → [A, B], U → [C]; with `impl` set, the text is an impl
 * block's `<…> where …` (SymbolFact.implGenerics).
 */
export function genericsOf(signature: string, impl = false): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const open = impl ? /^\s*</.exec(signature) : /\bfn\s+\w+\s*</.exec(signature);
  if (open) {
    const start = open.index + open[0].length;
    let level = 1;
    let i = start;
    for (; i < signature.length && level > 0; i++) {
      if (signature[i] === '<') level++;
      else if (signature[i] === '>' && signature[i - 1] !== '-') level--;
    }
    for (const param of splitTop(signature.slice(start, i - 1))) addBound(out, param);
  }
  const where = /\bwhere\b(.*)$/s.exec(signature);
  if (where) for (const clause of splitTop(where[1]!)) addBound(out, clause);
  return out;
}

function addBound(out: Map<string, string[]>, param: string): void {
  const m = /^\s*([A-Z]\w*)\s*:\s*(.+)$/s.exec(param);
  if (!m) {
    const bare = /^\s*([A-Z]\w*)\s*$/.exec(param);
    if (bare && !out.has(bare[1]!)) out.set(bare[1]!, []);
    return;
  }
  const bounds = splitTop(m[2]!, '+').map((b) => b.trim().replace(/^\?/, '')).filter((b) => b && !b.startsWith("'"));
  out.set(m[1]!, [...(out.get(m[1]!) ?? []), ...bounds]);
}

function splitTop(text: string, sep = ','): string[] {
  const out: string[] = [];
  let level = 0;
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '<' || ch === '(' || ch === '[') level++;
    else if ((ch === '>' && text[i - 1] !== '-') || ch === ')' || ch === ']') level--;
    if (ch === sep && level === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur);
  return out;
}
