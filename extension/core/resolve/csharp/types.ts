/**
 * C# types and members
 * ====================
 * The static types the C# resolver reasons with: a written type text becomes a workspace type
 * (all its partial parts) or an external one by name; a member is looked up in every part of a
 * type, then through its base list (classes and interfaces alike, as the compiler's member
 * lookup does). Every read goes through the Project's tracked reads with the tracker given.
 */
import type { BindingFact, SymbolFact } from '../../parse/facts';
import type { Project } from '../project';
import type { DepTracker } from '../tracker';
import { topOf } from '../tracker';
import { aliasOf, csprojOf, scopeOf, topLevelType, typesIn, type Scope, type TypeRef } from './scope';

/** What an expression or a name evaluates to. */
export type Val =
  | { t: 'type'; parts: TypeRef[] }
  | { t: 'instance'; parts: TypeRef[]; elem?: TypeText }
  | { t: 'external'; name: string; elem?: TypeText }
  | { t: 'namespace'; name: string };

/** A type as written, with the scope it was written in (to resolve it later, e.g. a collection's element type). */
export interface TypeText {
  text: string;
  scope: Scope;
  context: TypeRef[] | undefined;
}

/** A member found on a type: a method, property, nested type (symbol) or a field/property binding. */
export type MemberHit = { t: 'symbol'; symbol: SymbolFact; part: TypeRef } | { t: 'field'; binding: BindingFact; part: TypeRef };

const MAX_BASE_DEPTH = 10;

/** Top-level generic arguments of `A<B,C<D>>` → ['B', 'C<D>']. */
export function genericArgs(text: string): { base: string; args: string[] } {
  const lt = text.indexOf('<');
  if (lt < 0 || !text.endsWith('>')) return { base: text, args: [] };
  const inner = text.slice(lt + 1, -1);
  const args: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i];
    if (ch === '<' || ch === '(' || ch === '[') depth++;
    else if (ch === '>' || ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      args.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  args.push(inner.slice(start));
  return { base: text.slice(0, lt), args };
}

export class CSharpTypes {
  private readonly scopes = new Map<string, Scope>();

  constructor(
    readonly project: Project,
    readonly tracker: DepTracker,
  ) {}

  /** The scope of code inside the top-level type of `qn` in `path` (memoised for this file's resolution). */
  scopeAt(path: string, qn: string | undefined): Scope {
    const top = qn !== undefined ? topOf(qn) : undefined;
    const key = `${path}\u0000${top ?? ''}`;
    let s = this.scopes.get(key);
    if (!s) this.scopes.set(key, (s = scopeOf(this.project, path, top, this.tracker)));
    return s;
  }

  /** All parts of the type a declaration belongs to (itself when it is not partial). */
  partsOf(path: string, qn: string, kind: SymbolFact['kind']): TypeRef[] {
    const view = this.project.view(path, this.tracker, topOf(qn));
    const ns = view?.symbols.get(topOf(qn))?.namespace;
    const fullName = ns ? `${ns}.${qn}` : qn;
    const name = qn.slice(qn.lastIndexOf('.') + 1);
    const parts = typesIn(this.project, name, fullName, this.tracker, csprojOf(this.project, path));
    return parts.length ? parts : [{ path, qn, kind, fullName }];
  }

  /** The type that encloses a type part (`Outer` of `Outer.Inner`), as parts. */
  outerOf(part: TypeRef): TypeRef[] | undefined {
    const dot = part.qn.lastIndexOf('.');
    if (dot < 0) return undefined;
    const qn = part.qn.slice(0, dot);
    const s = this.project.view(part.path, this.tracker, topOf(qn))?.symbols.get(qn);
    return s ? this.partsOf(part.path, qn, s.kind) : undefined;
  }

  /** A nested type `name` of a type (any part), as parts. */
  nestedType(parts: TypeRef[], name: string): TypeRef[] | undefined {
    for (const part of parts) {
      const child = this.project.view(part.path, this.tracker, topOf(part.qn))?.children.get(part.qn)?.get(name);
      if (child && (child.kind === 'class' || child.kind === 'interface' || child.kind === 'enum' || child.kind === 'type')) {
        return this.partsOf(part.path, child.qualifiedName, child.kind);
      }
    }
    return undefined;
  }

  /**
   * A dotted name (`Foo`, `A.B.Foo`, `Outer.Inner`) as a type or a namespace: nested types of the
   * enclosing types first, then aliases, then top-level types in scope; a head that is none of
   * these is taken for a namespace and the next segments decide.
   */
  typeName(segments: readonly string[], scope: Scope, context: TypeRef[] | undefined): Val | undefined {
    const head = segments[0];
    if (head === undefined) return undefined;
    let v: Val | undefined;
    for (let c = context; c && !v; c = c[0] ? this.outerOf(c[0]) : undefined) {
      const nested = this.nestedType(c, head);
      if (nested) v = { t: 'type', parts: nested };
    }
    if (!v) {
      const alias = aliasOf(this.project, scope, head, this.tracker);
      if (alias !== undefined && !alias.split('.').includes(head)) v = this.typeName(alias.split('.'), { ...scope, namespaces: [''] }, undefined);
    }
    if (!v) {
      const top = topLevelType(this.project, scope, head, this.tracker);
      v = top.length ? { t: 'type', parts: top } : { t: 'namespace', name: head };
    }
    for (const seg of segments.slice(1)) {
      if (v.t === 'type') {
        const nested = this.nestedType(v.parts, seg);
        if (!nested) return undefined;
        v = { t: 'type', parts: nested };
      } else if (v.t === 'namespace') {
        const full: string = `${v.name}.${seg}`;
        const types = typesIn(this.project, seg, full, this.tracker, scope.csproj);
        v = types.length ? { t: 'type', parts: types } : { t: 'namespace', name: full };
      } else return undefined;
    }
    return v;
  }

  /** An instance of a type written as `text` (`Foo`, `List<Foo>`, `Foo[]`, `Foo?`, `A.Foo`). */
  instanceOf(text: string, scope: Scope, context: TypeRef[] | undefined): Val | undefined {
    let t = text.replace(/^global::/, '');
    while (t.endsWith('?') || t.endsWith('!')) t = t.slice(0, -1);
    if (t.endsWith('[]')) return { t: 'external', name: 'Array', elem: { text: t.slice(0, -2), scope, context } };
    const { base, args } = genericArgs(t);
    const elem = args.length === 1 ? { text: args[0]!, scope, context } : undefined;
    const segments = base.split('.');
    if (segments.some((s) => !/^@?[A-Za-z_]\w*$/.test(s))) return undefined;
    const v = this.typeName(segments, scope, context);
    if (v?.t === 'type') return { t: 'instance', parts: v.parts, ...(elem ? { elem } : {}) };
    return { t: 'external', name: segments[segments.length - 1]!, ...(elem ? { elem } : {}) };
  }

  /** The scope and type context a type part's own declarations are written in. */
  partScope(part: TypeRef): { scope: Scope; context: TypeRef[] } {
    return { scope: this.scopeAt(part.path, part.qn), context: [part] };
  }

  /**
   * A member of a type: in any part, then in the bases. A field or property is found as a field
   * (its type types the chain; `x.P()` invokes the delegate it holds), a method or nested type as a symbol.
   */
  member(parts: TypeRef[], name: string, seen = new Set<string>(), depth = 0): MemberHit | undefined {
    const first = parts[0];
    if (!first || seen.has(first.fullName) || depth > MAX_BASE_DEPTH) return undefined;
    seen.add(first.fullName);
    for (const part of parts) {
      const view = this.project.view(part.path, this.tracker, topOf(part.qn));
      // A field or property (a type cannot have a method of the same name): calling it invokes the delegate it holds.
      const binding = view?.symbols.get(part.qn)?.fields?.find((f) => f.name === name);
      if (binding) return { t: 'field', binding, part };
      const child = view?.children.get(part.qn)?.get(name);
      // A constructor is named as its type but is no member: `Edge.Func()` inside Edge names the type.
      if (child && !(child.kind === 'method' && name === part.qn.slice(part.qn.lastIndexOf('.') + 1))) return { t: 'symbol', symbol: child, part };
    }
    for (const base of this.bases(parts)) {
      const hit = this.member(base.parts, name, seen, depth + 1);
      if (hit) return hit;
    }
    return undefined;
  }

  /** A member's overloads in every part of a type (`M`, `M#2` … of facts), as symbols with their part. */
  overloads(parts: TypeRef[], name: string): { symbol: SymbolFact; part: TypeRef }[] {
    const out: { symbol: SymbolFact; part: TypeRef }[] = [];
    for (const part of parts) {
      const view = this.project.view(part.path, this.tracker, topOf(part.qn));
      const first = view?.children.get(part.qn)?.get(name);
      if (!first) continue;
      out.push({ symbol: first, part });
      for (let n = 2; ; n++) {
        const s = view?.symbols.get(`${first.qualifiedName}#${n}`);
        if (!s) break;
        out.push({ symbol: s, part });
      }
    }
    return out;
  }

  /** The resolved bases of a type (every part's base list), workspace ones as parts. */
  bases(parts: TypeRef[]): { parts: TypeRef[]; text: string }[] {
    const out: { parts: TypeRef[]; text: string }[] = [];
    for (const part of parts) {
      const s = this.project.view(part.path, this.tracker, topOf(part.qn))?.symbols.get(part.qn);
      if (!s?.bases?.length) continue;
      const { scope } = this.partScope(part);
      const outer = this.outerOf(part);
      for (const text of s.bases) {
        const v = this.instanceOf(text, scope, outer ?? [part]);
        if (v?.t === 'instance') out.push({ parts: v.parts, text });
      }
    }
    return out;
  }

  /** Every workspace type a type is or derives from, by full name (for extension receivers). */
  ancestry(parts: TypeRef[]): Set<string> {
    const out = new Set<string>();
    const walk = (p: TypeRef[], depth: number): void => {
      const f = p[0]?.fullName;
      if (f === undefined || out.has(f) || depth > MAX_BASE_DEPTH) return;
      out.add(f);
      for (const b of this.bases(p)) walk(b.parts, depth + 1);
    };
    walk(parts, 0);
    return out;
  }

  /** The type a member evaluates to (a field's type, a property's, a method's return type when called). */
  memberValue(hit: MemberHit): Val | undefined {
    const { scope, context } = this.partScope(hit.part);
    if (hit.t === 'field') return hit.binding.type ? this.instanceOf(hit.binding.type, scope, context) : undefined;
    const s = hit.symbol;
    if (s.kind === 'class' || s.kind === 'interface' || s.kind === 'enum') return { t: 'type', parts: this.partsOf(hit.part.path, s.qualifiedName, s.kind) };
    return s.returnType ? this.instanceOf(s.returnType, scope, context) : undefined;
  }

  /** The element type of a collection value (`foreach`, indexing). */
  elementOf(v: Val | undefined): Val | undefined {
    if (!v || (v.t !== 'instance' && v.t !== 'external') || !v.elem) return undefined;
    return this.instanceOf(v.elem.text, v.elem.scope, v.elem.context);
  }
}
