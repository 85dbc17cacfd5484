/**
 * TypeScript / JavaScript scopes
 * ==============================
 * Turns definition candidates into symbols and an index of nested spans answering "which symbol
 * owns this position?" without walking the tree (binary search plus a short climb).
 *
 * Candidates come sorted by position; one sweep with a stack decides what each one is: a class at
 * module level is a symbol, a function declared inside a function is a symbol nested in it
 * (`outer.inner`), an anonymous arrow is only a scope of its owner, an arrow passed to `it(...)` is
 * the test's own body, and so on.
 */
import type { Node } from 'web-tree-sitter';
import type { SymbolFact, SymbolKind } from './facts';
import { mayNest } from './nesting';
import { textOf, unquote } from './typescript_syntax';

export type CandidateKind =
  | 'class'
  | 'interface'
  | 'enum'
  | 'type'
  | 'function'
  | 'signature'
  | 'default'
  | 'method'
  | 'field'
  | 'var'
  | 'namespace'
  | 'test'
  | 'cjs'
  | 'proto'
  | 'fn';

export interface Candidate {
  kind: CandidateKind;
  node: Node;
  start: number;
  /** Initializer of a variable / class field / CommonJS export; the function or class it may hold. */
  value?: Node;
  /** Name node of a variable declarator. */
  nameNode?: Node;
  /** Type annotation of a variable declarator. */
  typeNode?: Node;
  /** Test title or CommonJS export name. */
  name?: string;
  /** Test callee text (`describe.each(t)`). */
  callee?: string;
  /** `Foo.prototype.m = function …`: the function or class `Foo` the method is assigned to. */
  owner?: string;
}

/** A symbol being built, with the nodes its details are read from. */
export interface SymbolRecord {
  fact: SymbolFact;
  from: CandidateKind;
  node: Node;
  value?: Node;
  /** Namespace path (`Ns.`) the symbol was declared in. */
  prefix: string;
}

export const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);
const MODULE_PARENTS = new Set(['program', 'export_statement', 'ambient_declaration']);
/** Statement lists a named local definition (`function f`, `const f = () => …`, `class C`) sits in. */
const BLOCK_PARENTS = new Set(['statement_block', 'switch_case', 'switch_default', 'else_clause']);

type EntryKind = 'sym' | 'fn' | 'ns';
/** What may wrap an object literal that is a variable's value: `{…} as const`, `{…} satisfies T`, `({…})`. */
const OBJECT_WRAPPERS = new Set(['as_expression', 'satisfies_expression', 'parenthesized_expression']);

/** Nested spans (symbols, nested functions, namespaces) in source order. */
export class ScopeIndex {
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  readonly parents: number[] = [];
  /** Symbol owning positions directly inside the entry (-1: module level). */
  readonly owners: number[] = [];
  /** Symbol owning positions inside functions nested in the entry. */
  readonly nestedOwners: number[] = [];
  /** Symbol whose own span the entry is (-1 for nested functions and namespaces). */
  readonly symbols: number[] = [];

  add(start: number, end: number, parent: number, owner: number, nestedOwner: number, symbol: number): number {
    this.starts.push(start);
    this.ends.push(end);
    this.parents.push(parent);
    this.owners.push(owner);
    this.nestedOwners.push(nestedOwner);
    this.symbols.push(symbol);
    return this.starts.length - 1;
  }

  /** Innermost entry strictly containing `pos` (an entry does not own its own first character), or -1. */
  entryAt(pos: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid]! < pos) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    while (found >= 0 && this.ends[found]! <= pos) found = this.parents[found]!;
    return found;
  }

  /** Symbol index owning `pos`, or -1 at module level. */
  ownerAt(pos: number): number {
    const e = this.entryAt(pos);
    return e < 0 ? -1 : this.owners[e]!;
  }
}

interface Open {
  entry: number;
  /** The innermost symbol the entry is inside, a variable included (-1: none). */
  holder: number;
  kind: EntryKind;
  symbol: number;
  prefix: string;
}

/** The sweep's state: open entries, symbols made so far, qualifiedName → symbol. */
class Sweep {
  readonly index = new ScopeIndex();
  readonly symbols: SymbolRecord[] = [];
  /** How many symbols enclose each symbol (0 at module level), index-aligned with `symbols`. */
  private readonly depths: number[] = [];
  readonly byQualifiedName = new Map<string, number>();
  /** Names declared by local function / class declarations, with the position they are declared at. */
  readonly localDeclarations: { pos: number; name: string }[] = [];
  /** Initializer nodes that are a symbol's own body (not separate scopes). */
  private readonly bodies = new Set<number>();
  private readonly stack: Open[] = [];

  constructor(private readonly source: string) {}

  run(candidates: Candidate[]): void {
    for (const c of candidates) {
      for (let t = this.top(); t && this.index.ends[t.entry]! <= c.start; t = this.top()) this.stack.pop();
      this.place(c);
    }
  }

  private top(): Open | undefined {
    return this.stack[this.stack.length - 1];
  }

  private topSymbolKind(): SymbolKind | undefined {
    const t = this.top();
    return t && t.kind === 'sym' ? this.symbols[t.symbol]!.fact.kind : undefined;
  }

  /** Module level, possibly inside a namespace. */
  private atModuleLevel(): boolean {
    const t = this.top();
    return !t || t.kind === 'ns';
  }

  private prefix(): string {
    return this.top()?.prefix ?? '';
  }

  private place(c: Candidate): void {
    switch (c.kind) {
      case 'class':
        if (this.atModuleLevel()) this.symbol(c, 'class', nameText(this.source, c.node));
        else if (!this.nestedSymbol(c, 'class', c.node.childForFieldName('name'))) this.local(c, true);
        return;
      case 'interface':
      case 'enum':
      case 'type':
        if (this.atModuleLevel()) this.symbol(c, c.kind === 'type' ? 'type' : c.kind, nameText(this.source, c.node));
        return;
      case 'function':
      case 'signature':
      case 'default':
      case 'cjs':
        this.placeFunction(c);
        return;
      case 'proto':
        this.placePrototypeMethod(c);
        return;
      case 'method':
        if ((this.topSymbolKind() === 'class' && c.node.parent?.type === 'class_body') || this.inNamedObject(c.node)) this.symbol(c, 'method', memberName(this.source, c.node));
        else this.nested(c);
        return;
      case 'field':
        if (c.value && FUNCTION_VALUES.has(c.value.type) && this.topSymbolKind() === 'class') {
          this.bodies.add(c.value.id);
          this.symbol(c, 'method', nameText(this.source, c.node));
        }
        return;
      case 'var':
        this.placeVariable(c);
        return;
      case 'namespace':
        if (this.atModuleLevel()) this.namespace(c);
        return;
      case 'test':
        if (this.atModuleLevel() || this.topSymbolKind() === 'test') this.symbol(c, 'test', c.name ?? '');
        return;
      case 'fn':
        // The callback of a test block is the test itself; a value already taken as a body is no scope.
        if (this.bodies.has(c.node.id) || this.topSymbolKind() === 'test') return;
        if (this.objectPairMethod(c)) return;
        this.nested(c);
        return;
    }
  }

  private placeFunction(c: Candidate): void {
    const top = this.topSymbolKind();
    if (c.kind === 'signature' && (top === 'class' || top === 'interface')) {
      // Overloads, `declare class` members and interface methods: methods without a body.
      this.symbol(c, 'method', nameText(this.source, c.node));
      return;
    }
    if (!this.atModuleLevel()) {
      if (c.kind === 'function' && this.nestedSymbol(c, 'function', c.node.childForFieldName('name'))) return;
      if (c.kind !== 'signature') this.local(c, c.kind === 'function');
      return;
    }
    if (c.kind === 'default') this.symbol(c, c.node.type === 'class' ? 'class' : 'function', 'default');
    else if (c.kind === 'cjs') {
      if (c.value) this.bodies.add(c.value.id);
      this.symbol(c, c.value?.type === 'class' ? 'class' : 'function', c.name ?? '');
    } else this.symbol(c, 'function', nameText(this.source, c.node));
  }

  /**
   * `Foo.prototype.m = function () {}` at module level: a method of `Foo` when Foo is a function or
   * class declared earlier in the file (otherwise the assignment is left to the module).
   */
  private placePrototypeMethod(c: Candidate): void {
    if (!this.atModuleLevel() || !c.owner || !c.name) return;
    const owner = this.byQualifiedName.get(`${this.prefix()}${c.owner}`);
    const kind = owner === undefined ? undefined : this.symbols[owner]!.fact.kind;
    if (owner === undefined || (kind !== 'function' && kind !== 'class')) return;
    if (c.value) this.bodies.add(c.value.id);
    this.symbol(c, 'method', c.name, owner);
  }

  private placeVariable(c: Candidate): void {
    if (!c.nameNode || c.nameNode.type !== 'identifier') return;
    const declaration = c.node.parent;
    const outer = declaration?.parent;
    if (!declaration || !outer) return;
    if (!this.atModuleLevel()) {
      // `const f = () => …` / `const C = class {…}` in a function body: a definition nested in it.
      const value = c.value;
      const kind = value && FUNCTION_VALUES.has(value.type) ? 'function' : value?.type === 'class' ? 'class' : undefined;
      if (kind && BLOCK_PARENTS.has(outer.type) && this.nestedSymbol(c, kind, c.nameNode)) this.bodies.add(value!.id);
      return;
    }
    if (!MODULE_PARENTS.has(outer.type) && !(outer.type === 'statement_block' && this.top()?.kind === 'ns')) return;
    if (c.value && isImportCall(this.source, c.value)) return;
    const name = textOf(this.source, c.nameNode);
    let kind: SymbolKind;
    if (c.value && FUNCTION_VALUES.has(c.value.type)) kind = 'function';
    else if (c.value && c.value.type === 'class') kind = 'class';
    else kind = declaration.firstChild?.type === 'const' ? 'constant' : 'variable';
    if ((kind === 'function' || kind === 'class') && c.value) this.bodies.add(c.value.id);
    this.symbol(c, kind, name);
  }

  /**
   * `export const AppConfig = { validate() {…}, load: () => … }` at module level: the object's own
   * members are definitions of the constant (`AppConfig.validate`), as a language server lists them.
   */
  private inNamedObject(member: Node): boolean {
    const t = this.top();
    if (!t || t.kind !== 'sym') return false;
    const owner = this.symbols[t.symbol]!;
    if ((owner.fact.kind !== 'constant' && owner.fact.kind !== 'variable') || owner.fact.parent !== undefined || !owner.value) return false;
    const object = member.parent;
    if (!object || object.type !== 'object') return false;
    let value: Node | null = object;
    while (value && value.id !== owner.value.id && OBJECT_WRAPPERS.has(value.parent?.type ?? '')) value = value.parent;
    return value?.id === owner.value.id;
  }

  /** `name: () => …` / `name: function () {…}` in such an object: a method spanning the pair. */
  private objectPairMethod(c: Candidate): boolean {
    const pair = c.node.parent;
    if (!pair || pair.type !== 'pair' || pair.childForFieldName('value')?.id !== c.node.id || !this.inNamedObject(pair)) return false;
    const key = pair.childForFieldName('key');
    if (!key || (key.type !== 'property_identifier' && key.type !== 'string')) return false;
    const name = key.type === 'string' ? unquote(textOf(this.source, key)) : textOf(this.source, key);
    this.symbol({ ...c, kind: 'field', node: pair, value: c.node }, 'method', name);
    return true;
  }

  /** The symbol whose work positions inside the top entry are (-1: module level). */
  private enclosingSymbol(): number {
    const t = this.top();
    if (!t) return -1;
    return t.kind === 'sym' ? t.symbol : this.index.nestedOwners[t.entry]!;
  }

  /**
   * A named definition inside a function, method or test (also inside an anonymous callback there):
   * a symbol nested in the enclosing one, `outer.inner`. False when the caps (nesting.ts) say it is not one.
   */
  private nestedSymbol(c: Candidate, kind: 'function' | 'class', nameNode: Node | null): boolean {
    // In a function of a module-level variable's initializer (`const ajax = (() => { const create = … })()`),
    // the definition is the variable's: `ajax.create`.
    const enclosing = this.enclosingSymbol();
    const holder = this.top()?.holder ?? -1;
    const parent = enclosing >= 0 ? enclosing : holder >= 0 && this.top()?.kind === 'fn' ? holder : -1;
    if (parent < 0 || !nameNode) return false;
    const parentFact = this.symbols[parent]!.fact;
    const isValue = parentFact.kind === 'constant' || parentFact.kind === 'variable';
    if ((isValue && parent === enclosing) || parentFact.kind === 'interface' || parentFact.kind === 'type' || parentFact.kind === 'enum') return false;
    const name = textOf(this.source, nameNode);
    if (!mayNest(this.depths[parent]!, parentFact.qualifiedName, name)) return false;
    this.symbol(c, kind, name, parent, `${parentFact.qualifiedName}.${name}`);
    return true;
  }

  /** A class or function declared inside a function: its name is local, its body a nested scope. */
  private local(c: Candidate, named: boolean): void {
    if (named) {
      const name = c.node.childForFieldName('name');
      if (name) this.localDeclarations.push({ pos: name.startIndex, name: textOf(this.source, name) });
    }
    this.nested(c);
  }

  private nested(c: Candidate): void {
    const t = this.top();
    const owner = t ? this.index.nestedOwners[t.entry] : -1;
    const entry = this.index.add(c.start!, c.node.endIndex, t ? t.entry : -1, owner!, owner!, -1);
    this.stack.push({ entry, kind: 'fn', symbol: -1, holder: t?.holder ?? -1, prefix: t?.prefix ?? '' });
  }

  private namespace(c: Candidate): void {
    const t = this.top();
    const nameNode = c.node.childForFieldName('name');
    const raw = nameNode ? textOf(this.source, nameNode) : '';
    const name = nameNode?.type === 'string' ? unquote(raw) : raw;
    const prefix = name ? `${this.prefix()}${name}.` : this.prefix();
    const entry = this.index.add(c.start, c.node.endIndex, t ? t.entry : -1, -1, -1, -1);
    this.stack.push({ entry, kind: 'ns', symbol: -1, holder: -1, prefix });
  }

  /** A symbol spanning c; its parent is the enclosing symbol unless `ownerSymbol` names another. */
  private symbol(c: Candidate, kind: SymbolKind, name: string, ownerSymbol?: number, nestedName?: string): void {
    const t = this.top();
    const parentSymbol = ownerSymbol ?? (t && t.kind === 'sym' ? t.symbol : -1);
    const parent = parentSymbol >= 0 ? this.symbols[parentSymbol]!.fact.qualifiedName : undefined;
    let qualifiedName: string;
    if (nestedName !== undefined) qualifiedName = nestedName;
    else if (kind === 'test') qualifiedName = parent ? `${parent} > ${name}` : name;
    else if (kind === 'method' && parent) qualifiedName = `${parent}.${name}`;
    else qualifiedName = `${this.prefix()}${name}`;
    const symbol = this.record(c, kind, name, qualifiedName, parent, parentSymbol >= 0 ? this.depths[parentSymbol]! + 1 : 0);
    const isValue = kind === 'constant' || kind === 'variable';
    // A variable's initializer runs where the variable is declared (module level), and so do the
    // anonymous functions in it (`const h = make({ isMatch() {…} })`), as the checker counts callers;
    // only its named members (inNamedObject) are definitions of their own.
    const owner = isValue ? (t ? this.index.owners[t.entry] : -1) : symbol;
    const entry = this.index.add(c.start!, c.node.endIndex, t ? t.entry : -1, owner!, isValue ? owner! : symbol!, symbol!);
    this.stack.push({ entry, kind: 'sym', symbol, holder: symbol, prefix: t?.prefix ?? '' });
  }

  /** A new symbol, or the one already holding this qualifiedName (overloads, get/set pairs, repeats). */
  private record(c: Candidate, kind: SymbolKind, name: string, qualifiedName: string, parent: string | undefined, depth: number): number {
    const existing = this.byQualifiedName.get(qualifiedName);
    if (existing !== undefined) {
      const rec = this.symbols[existing]!;
      // An implementation after its overload signatures is the one described.
      if (rec.from === 'signature' && c.kind !== 'signature') {
        rec.from = c.kind;
        rec.node = c.node;
        rec.value = c.value;
      }
      return existing;
    }
    const fact: SymbolFact = {
      kind,
      name,
      qualifiedName,
      line: 0,
      startLine: 0,
      endLine: 0,
      signature: '',
      exported: false,
    };
    if (parent !== undefined) fact.parent = parent;
    this.symbols.push({ fact, from: c.kind, node: c.node, value: c.value, prefix: this.prefix() });
    this.depths.push(depth);
    this.byQualifiedName.set(qualifiedName, this.symbols.length - 1);
    return this.symbols.length - 1;
  }
}

/**
 * A member's name; a setter's is `name=` (Ruby's spelling), so that a getter and a setter of one
 * property are two definitions, as a language server lists them: reading `x.v` is the getter's.
 */
function memberName(source: string, node: Node): string {
  const name = nameText(source, node);
  for (let i = 0; i < 4; i++) {
    const child = node.child(i);
    if (!child || child.type === 'property_identifier' || child.type === 'private_property_identifier') break;
    if (child.type === 'set') return `${name}=`;
  }
  return name;
}

function nameText(source: string, node: Node): string {
  // JS class fields name their `property`; everything else has a `name`.
  const name = node.childForFieldName('name') ?? node.childForFieldName('property');
  return name ? textOf(source, name) : 'default';
}

/** `require("m")`, `import("m")`, `await import("m")`: an import, not a symbol. */
function isImportCall(source: string, value: Node): boolean {
  const head = source.slice(value.startIndex, value.startIndex + 16);
  return /^(?:await\s+)?(?:require|import)\s*\(/.test(head);
}

/** Candidates in source order, outer before inner when two start together. */
function sortCandidates(candidates: Candidate[]): void {
  candidates.sort((a, b) => a.start - b.start || b.node.endIndex - a.node.endIndex);
}

export interface Scopes {
  index: ScopeIndex;
  symbols: SymbolRecord[];
  byQualifiedName: Map<string, number>;
  localDeclarations: { pos: number; name: string }[];
}

export function buildScopes(source: string, candidates: Candidate[]): Scopes {
  sortCandidates(candidates);
  const sweep = new Sweep(source);
  sweep.run(candidates);
  return { index: sweep.index, symbols: sweep.symbols, byQualifiedName: sweep.byQualifiedName, localDeclarations: sweep.localDeclarations };
}
