/**
 * PHP types and members
 * =====================
 * The static types the PHP resolver reasons with: a written type (`?Foo`, `Foo|null`, `Foo[]`,
 * `array<int, Foo>`, `self`, `static`) becomes the workspace classes it names, with an element
 * type for collections; a member is looked up in a class, then in the traits it uses, its parent
 * classes and its interfaces (PHP's order: own members, then trait members, then inherited ones).
 * Every read goes through the Project's tracked reads (PhpNames holds the tracker).
 */
import type { BindingFact, SymbolFact } from '../../parse/facts';
import { topOf } from '../tracker';
import type { ClassRef, PhpNames, Scope } from './php_names';

/** What an expression evaluates to: instances of (or, `static`, the classes themselves for `A::`) workspace classes. */
export interface Val {
  classes: ClassRef[];
  static: boolean;
  /** A collection's element type, as written where it was declared. */
  elem?: { text: string; scope: Scope; own: ClassRef | undefined };
}

/** A member found on a class: a method, constant (symbol) or a property (field binding). */
export type MemberHit = { t: 'symbol'; symbol: SymbolFact; part: ClassRef } | { t: 'field'; binding: BindingFact; part: ClassRef };

const MAX_BASE_DEPTH = 12;
const NOT_CLASSES = /^(int|integer|float|double|string|bool|boolean|array|mixed|void|null|callable|iterable|object|never|false|true|resource|scalar|numeric|list|non-empty-array|non-empty-list|class-string|array-key|positive-int|negative-int|non-empty-string)$/i;

/** Splits `A|B<C|D>` at top-level `|` / `&`. */
function splitUnion(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '<' || ch === '(' || ch === '{') depth++;
    else if (ch === '>' || ch === ')' || ch === '}') depth--;
    else if ((ch === '|' || ch === '&') && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map((t) => t.trim()).filter((t) => t.length > 0);
}

/** The last top-level generic argument of `A<B, C<D>>` → `C<D>`, and the base `A`. */
function lastGenericArg(text: string): { base: string; arg: string | undefined } {
  const lt = text.indexOf('<');
  if (lt < 0 || !text.endsWith('>')) return { base: text, arg: undefined };
  const inner = text.slice(lt + 1, -1);
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i];
    if (ch === '<') depth++;
    else if (ch === '>') depth--;
    else if (ch === ',' && depth === 0) start = i + 1;
  }
  return { base: text.slice(0, lt), arg: inner.slice(start).trim() };
}

export class PhpTypes {
  constructor(readonly names: PhpNames) {}

  private symbolOf(c: ClassRef): SymbolFact | undefined {
    return this.names.project.view(c.path, this.names.tracker, topOf(c.qn))?.symbols.get(c.qn);
  }

  private scopeOf(c: ClassRef): Scope {
    return this.names.scopeAt(c.path, c.qn);
  }

  /** Instances of a type written as `text` in `scope` (`self`/`static` are `own`). */
  instanceOf(text: string, scope: Scope, own: ClassRef | undefined): Val | undefined {
    const classes: ClassRef[] = [];
    let elem: Val['elem'];
    for (const raw of splitUnion(text.replace(/^\?/, '').replace(/^\((.*)\)$/, '$1'))) {
      let t = raw.replace(/^\?/, '');
      if (t.endsWith('[]')) {
        elem ??= { text: t.slice(0, -2), scope, own };
        continue;
      }
      const { base, arg } = lastGenericArg(t);
      if (arg !== undefined) {
        elem ??= { text: arg, scope, own };
        t = base;
      }
      if (/^(self|static|\$this)$/i.test(t)) {
        if (own) classes.push(own);
        continue;
      }
      if (/^parent$/i.test(t)) {
        const p = own && this.parentOf(own);
        if (p) classes.push(p);
        continue;
      }
      if (NOT_CLASSES.test(t) || !/^\\?[A-Za-z_][\w\\]*$/.test(t)) continue;
      const c = this.names.classNamed(t, scope);
      if (c && !classes.some((k) => k.path === c.path && k.qn === c.qn)) classes.push(c);
    }
    return classes.length || elem ? { classes, static: false, ...(elem ? { elem } : {}) } : undefined;
  }

  /** The parent class of a class (its `extends`). */
  parentOf(c: ClassRef): ClassRef | undefined {
    const s = this.symbolOf(c);
    const base = s?.kind === 'class' ? s.bases?.[0] : undefined;
    return base !== undefined ? this.names.classNamed(base, this.scopeOf(c)) : undefined;
  }

  /** The classes a class draws members from after its own, in lookup order: traits, parent, interfaces. */
  private supertypes(c: ClassRef): ClassRef[] {
    const s = this.symbolOf(c);
    if (!s) return [];
    const scope = this.scopeOf(c);
    const out: ClassRef[] = [];
    for (const text of [...(s.mixins ?? []), ...(s.bases ?? []), ...(s.implements ?? [])]) {
      const b = this.names.classNamed(text, scope);
      if (b && !(b.path === c.path && b.qn === c.qn)) out.push(b);
    }
    return out;
  }

  /**
   * A member of a class: its own, then its traits', its parents', its interfaces'. `call` prefers
   * methods (`$x->p()` calls method p), otherwise properties come first (`$x->p->q()`).
   */
  member(classes: ClassRef[], name: string, call: boolean, seen = new Set<string>(), depth = 0): MemberHit | undefined {
    if (depth > MAX_BASE_DEPTH) return undefined;
    for (const c of classes) {
      const key = `${c.path}:${c.qn}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const view = this.names.project.view(c.path, this.names.tracker, topOf(c.qn));
      const child = view?.children.get(c.qn)?.get(name);
      const binding = view?.symbols.get(c.qn)?.fields?.find((f) => f.name === name);
      if (call && child && child.kind !== 'constant') return { t: 'symbol', symbol: child, part: c };
      if (!call && binding) return { t: 'field', binding, part: c };
      if (!call && child) return { t: 'symbol', symbol: child, part: c };
      const hit = this.member(this.supertypes(c), name, call, seen, depth + 1);
      if (hit) return hit;
    }
    return undefined;
  }

  /** What a method returns when called on `receiver` (`static`/`self`/`$this` return the receiver's classes). */
  returnValue(path: string, s: SymbolFact, receiver: Val | undefined, declaring?: ClassRef): Val | undefined {
    const scope = this.names.scopeAt(path, s.qualifiedName);
    const self = receiver && !receiver.static ? receiver : declaring ? { classes: [declaring], static: false } : receiver && { ...receiver, static: false };
    if (s.returnType) {
      if (/^\??(static|\$this|self)(\|null)?$/i.test(s.returnType) && self) return { classes: self.classes, static: false };
      return this.instanceOf(s.returnType, scope, declaring);
    }
    for (const chain of s.returns ?? []) {
      const head = chain[0];
      if (chain.length !== 1 || head === undefined) continue;
      if ((head === '$this' || /^:(static|self)$/i.test(head)) && self) return { classes: self.classes, static: false };
      if (head.startsWith(':')) {
        const v = this.instanceOf(head.slice(1), scope, declaring);
        if (v?.classes.length) return v;
      }
    }
    return undefined;
  }

  /** The value of a member hit, read on `receiver`. */
  memberValue(hit: MemberHit, receiver: Val): Val | undefined {
    if (hit.t === 'field') {
      const scope = this.scopeOf(hit.part);
      if (hit.binding.type) return this.instanceOf(hit.binding.type, scope, hit.part);
      const head = hit.binding.value?.[0];
      if (hit.binding.value?.length === 1 && head?.startsWith(':')) return this.instanceOf(head.slice(1), scope, hit.part);
      return undefined;
    }
    const s = hit.symbol;
    if (s.kind === 'constant') {
      // An enum case is an instance of its enum.
      return hit.part.kind === 'enum' ? { classes: [hit.part], static: false } : undefined;
    }
    return this.returnValue(hit.part.path, s, receiver, hit.part);
  }

  /** One segment of a chain applied to a value: `m()`, `prop`, `$staticProp`, `CONST`, `[]`. */
  step(v: Val, seg: string): Val | undefined {
    if (seg === '[]') return v.elem ? this.instanceOf(v.elem.text, v.elem.scope, v.elem.own) : undefined;
    const call = seg.endsWith('()');
    const name = call ? seg.slice(0, -2) : seg.replace(/^\$/, '');
    const out: ClassRef[] = [];
    let elem: Val['elem'];
    for (const c of v.classes) {
      const hit = this.member([c], name, call);
      const r = hit ? this.memberValue(hit, { classes: [c], static: v.static }) : undefined;
      if (!r) continue;
      for (const k of r.classes) if (!out.some((o) => o.path === k.path && o.qn === k.qn)) out.push(k);
      elem ??= r.elem;
    }
    return out.length || elem ? { classes: out, static: false, ...(elem ? { elem } : {}) } : undefined;
  }
}
