/**
 * Java static types
 * =================
 * What a Java expression or a type as written evaluates to for resolution: a workspace class
 * (an instance, or the class itself for static access), a package, or a type from outside the
 * workspace known only by its simple name (`String`, `int`, `List`). The names are what overload
 * selection compares; no JDK model is needed for that.
 */

/** A workspace type: the file and the qualified name of its class, interface, enum or record. */
export interface ClassRef {
  path: string;
  qn: string;
}

/** Where a type is written: the file, and the innermost definition around it (its type parameters and nested types are in scope). */
export interface Place {
  path: string;
  qn?: string;
}

/** A type argument as written, with where it was written. */
export interface TypeArg {
  text: string;
  at: Place;
}

export type JType =
  | { t: 'class'; ref: ClassRef; args?: TypeArg[] }
  | { t: 'static'; ref: ClassRef }
  | { t: 'package'; name: string }
  | { t: 'named'; name: string }
  | { t: 'array'; of: JType }
  /** A type variable: any type fits it. */
  | { t: 'var' };

export const refKey = (r: ClassRef): string => `${r.path}#${r.qn}`;

export const PRIMITIVES = new Set(['byte', 'short', 'char', 'int', 'long', 'float', 'double', 'boolean']);

const WIDENING: Record<string, string[]> = {
  byte: ['short', 'int', 'long', 'float', 'double'],
  short: ['int', 'long', 'float', 'double'],
  char: ['int', 'long', 'float', 'double'],
  int: ['long', 'float', 'double'],
  long: ['float', 'double'],
  float: ['double'],
};

const BOXES: Record<string, string> = {
  byte: 'Byte',
  short: 'Short',
  char: 'Character',
  int: 'Integer',
  long: 'Long',
  float: 'Float',
  double: 'Double',
  boolean: 'Boolean',
};
const STRING_SUPERTYPES = new Set(['CharSequence', 'Comparable', 'Serializable', 'Constable', 'ConstantDesc']);
const UNBOXES = new Map(Object.entries(BOXES).map(([p, b]) => [b, p]));

/**
 * How well an argument of type `arg` fits a parameter `param` known only by name: 3 exact, 2 by
 * widening, boxing or `Object`, 1 unknown (two types we cannot relate), 0 does not fit.
 */
export function namedFit(arg: string, param: string): number {
  if (arg === param) return 3;
  if (arg === 'null') return PRIMITIVES.has(param) ? 0 : 2;
  if (param === 'Object') return 2;
  const argPrim = PRIMITIVES.has(arg) ? arg : undefined;
  const paramPrim = PRIMITIVES.has(param) ? param : undefined;
  if (argPrim && paramPrim) return WIDENING[argPrim]?.includes(paramPrim) ? 2 : 0;
  if (argPrim) return BOXES[argPrim] === param || param === 'Number' || param === 'Comparable' || param === 'Serializable' ? 2 : 0;
  if (paramPrim) {
    const unboxed = UNBOXES.get(arg);
    if (unboxed) return unboxed === paramPrim || WIDENING[unboxed]?.includes(paramPrim) ? 2 : 0;
    return arg === 'String' ? 0 : 1;
  }
  // String is final: only a String (or null) is one, and a String is only its own supertypes.
  if (param === 'String') return 0;
  if (arg === 'String') return STRING_SUPERTYPES.has(param) ? 2 : 0;
  if (UNBOXES.has(arg) && UNBOXES.has(param)) return 0;
  return 1;
}

/** `Map<K, List<V>>` → ['K', 'List<V>']: the top-level type arguments as written. */
export function typeArguments(text: string): string[] {
  const open = text.indexOf('<');
  if (open < 0) return [];
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text.slice(open + 1)) {
    if (ch === '<') depth++;
    if (ch === '>') {
      if (depth === 0) break;
      depth--;
    }
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out.filter((a) => a.length > 0 && a !== '?');
}

/** `Foo[][]` → 2; `Foo<Bar[]>` → 0. */
export function arrayDepth(text: string): number {
  let depth = 0;
  let dims = 0;
  for (const ch of text) {
    if (ch === '<') depth++;
    else if (ch === '>') depth--;
    else if (ch === '[' && depth === 0) dims++;
  }
  return dims;
}

/** The package an outside type comes from, read off a dotted name: `org.junit.Assert` → `org.junit`. */
export function packageOfDotted(dotted: string): string | undefined {
  const segs = dotted.split('.');
  const i = segs.findIndex((s) => /^[A-Z]/.test(s));
  if (i === 0) return undefined;
  return (i < 0 ? segs.slice(0, -1) : segs.slice(0, i)).join('.') || undefined;
}
