/**
 * Resolver families
 * =================
 * What differs between languages when facts become edges: how an import names its target, what a
 * call, a reference or a base names. Everything else (contains, method_of, the tests edges and the
 * test naming convention, edge merging, dependency keys) is resolve_file.ts's, the same for every
 * language. Each family of the registry (parse/languages.ts) has one FamilyResolver; a new language
 * brings its own module (resolve/<family>/) and one line in resolve/families.ts.
 *
 * A family reads project state only through the Project's tracked reads (project.view(path,
 * tracker, part), symbolsNamed, exists …) with `ctx.tracker`, so that an incremental update
 * resolves what a full rebuild would (the property tests hold every family to that).
 */
import type { CallFact, ImportFact, ReferenceFact, SymbolFact, SymbolKind } from '../parse/facts';
import type { Confidence } from '../model/types';
import type { FileView, Project } from './project';
import type { DepTracker } from './tracker';

/** A definition in the workspace: a file and a qualified name in it. */
export interface SymbolRef {
  t: 'symbol';
  path: string;
  qn: string;
  kind: SymbolKind;
}

/** A definition by where it is, when its kind does not matter. */
export type DefinitionRef = Pick<SymbolRef, 'path' | 'qn'>;

export interface CallTarget {
  value: SymbolRef;
  confidence: Confidence;
}

/** What an import or a base names: files of the workspace (a Go package is all of its files), a folder, or a third-party package. */
export type ImportTarget = { t: 'file'; path: string } | { t: 'module'; dir: string } | { t: 'external'; name: string };

/** A base type: a workspace class/interface, or a third-party one (by its package). */
export type BaseTarget = SymbolRef | { t: 'external'; name: string };

/** One file being resolved. */
export interface ResolveContext {
  project: Project;
  tracker: DepTracker;
  /** The file's own view (reading it records nothing: a file always depends on all of itself). */
  view: FileView;
  path: string;
  /** Says one lookup of this file stopped at the resolver's bound (template- or macro-heavy code): status names the file. */
  cut(): void;
}

export interface FamilyResolver {
  /** The targets of one import (or re-export) fact; empty when it names nothing we know. */
  importTargets(ctx: ResolveContext, imp: ImportFact): ImportTarget[];
  /** The declarations a call reaches: one, several (a receiver typed `A | B`, an interface's implementers counted apart), or none. */
  call(ctx: ResolveContext, call: CallFact): CallTarget[];
  /** The declaration a reference names, if any. */
  reference(ctx: ResolveContext, ref: ReferenceFact): SymbolRef | undefined;
  /** `extends` bases (and Go embedding, Rust supertraits) of a class, struct or interface. */
  bases(ctx: ResolveContext, s: SymbolFact): BaseTarget[];
  /** `implements` targets (Java/C# base interfaces, Go method sets, Rust `impl Trait for`). */
  implementations(ctx: ResolveContext, s: SymbolFact): DefinitionRef[];
}
