/**
 * Java
 * ====
 * The `java` family's FamilyResolver (family.ts): imports name the file of the class they import
 * (a package's files for an on-demand import), calls the declaration javac's attribution would
 * pick (evaluate.ts), references and bases the workspace types they name (model.ts). Types from
 * outside the workspace are external nodes named by their package when the source says it
 * (`import org.junit.Test` → `org.junit`, `Exception` → `java.lang`).
 */
import { posix } from 'node:path';
import type { CallFact, ImportFact, ReferenceFact, SymbolFact } from '../../parse/facts';
import type { BaseTarget, CallTarget, DefinitionRef, FamilyResolver, ImportTarget, ResolveContext, SymbolRef } from '../family';
import type { Project } from '../project';
import { JavaEvaluator } from './evaluate';
import { JavaModel } from './model';
import { packageOfDotted, type ClassRef, type Place } from './types';

/** java.lang's types a workspace most often extends or implements, for naming external bases. */
const JAVA_LANG = new Set(
  'Object Exception RuntimeException Error Throwable Thread Runnable Comparable Iterable AutoCloseable Cloneable Enum Record Number CharSequence IllegalArgumentException IllegalStateException UnsupportedOperationException'.split(' '),
);

export class JavaResolver implements FamilyResolver {
  private readonly model: JavaModel;
  private readonly evaluator: JavaEvaluator;

  constructor(project: Project) {
    this.model = new JavaModel(project);
    this.evaluator = new JavaEvaluator(this.model);
  }

  private begin(ctx: ResolveContext): JavaModel {
    this.model.tracker = ctx.tracker;
    return this.model;
  }

  importTargets(ctx: ResolveContext, imp: ImportFact): ImportTarget[] {
    const model = this.begin(ctx);
    const cls = model.qualified(imp.module);
    if (cls) return [{ t: 'file', path: cls.path }];
    if (imp.star && !imp.isStatic) {
      const dirs = this.packageDirs(ctx, imp.module);
      if (dirs.length) return dirs.map((dir) => ({ t: 'module', dir }));
    }
    const pkg = imp.star && !imp.isStatic ? imp.module : packageOfDotted(imp.module);
    return pkg ? [{ t: 'external', name: pkg }] : [];
  }

  /**
   * The folders of a workspace package: under this file's source root (its folder less its
   * package's path), and the Maven/Gradle sibling roots (src/main/java ↔ src/test/java …).
   */
  private packageDirs(ctx: ResolveContext, pkg: string): string[] {
    const own = ctx.view.facts.package ?? '';
    const dir = posix.dirname(ctx.path);
    const ownRel = own.split('.').join('/');
    if (own && !(dir === ownRel || dir.endsWith(`/${ownRel}`))) return [];
    const root = own ? dir.slice(0, dir.length - ownRel.length).replace(/\/$/, '') : dir === '.' ? '' : dir;
    const roots = [root];
    const m = /^(.*\/)?src\/(main|test)\/(java|kotlin)$/.exec(root);
    if (m) roots.push(`${m[1] ?? ''}src/${m[2] === 'main' ? 'test' : 'main'}/${m[3]}`);
    const rel = pkg.split('.').join('/');
    return roots.map((r) => (r ? `${r}/${rel}` : rel)).filter((d) => ctx.project.dirExists(d, ctx.tracker));
  }

  call(ctx: ResolveContext, call: CallFact): CallTarget[] {
    const model = this.begin(ctx);
    const at: Place = { path: ctx.path, ...(call.caller !== undefined ? { qn: call.caller } : {}) };
    const c = this.evaluator.call(call, at);
    if (!c) return [];
    const ref: ClassRef = c.t === 'class' ? c.ref : { path: c.owner.path, qn: c.method.qualifiedName };
    const kind = c.t === 'class' ? (model.symbol(c.ref)?.kind ?? 'class') : c.method.kind;
    return [{ value: { t: 'symbol', path: ref.path, qn: ref.qn, kind }, confidence: 'resolved' }];
  }

  reference(ctx: ResolveContext, ref: ReferenceFact): SymbolRef | undefined {
    const model = this.begin(ctx);
    if (!ref.isType) return undefined;
    const t = model.typeOf(ref.chain.join('.'), { path: ctx.path, ...(ref.from !== undefined ? { qn: ref.from } : {}) });
    if (t?.t !== 'class') return undefined;
    const s = model.symbol(t.ref);
    return s ? { t: 'symbol', path: t.ref.path, qn: t.ref.qn, kind: s.kind } : undefined;
  }

  bases(ctx: ResolveContext, s: SymbolFact): BaseTarget[] {
    return this.supertypes(ctx, s, s.bases ?? [], true);
  }

  implementations(ctx: ResolveContext, s: SymbolFact): DefinitionRef[] {
    return this.supertypes(ctx, s, s.implements ?? [], false).flatMap((b) => (b.t === 'symbol' ? [{ path: b.path, qn: b.qn }] : []));
  }

  private supertypes(ctx: ResolveContext, s: SymbolFact, texts: string[], externals: boolean): BaseTarget[] {
    const model = this.begin(ctx);
    const out: BaseTarget[] = [];
    const self = { path: ctx.path, qn: s.qualifiedName };
    for (const text of texts) {
      const viaSelf = s.typeParameters?.some((p) => text === p.name || text.startsWith(`${p.name}<`));
      const at: Place = viaSelf ? self : { path: ctx.path, ...(s.parent !== undefined ? { qn: s.parent } : {}) };
      const t = model.typeOf(text, at);
      if (t?.t === 'class') {
        const target = model.symbol(t.ref);
        if (target) out.push({ t: 'symbol', path: t.ref.path, qn: t.ref.qn, kind: target.kind });
      } else if (externals) {
        const pkg = this.externalPackage(ctx, text);
        if (pkg) out.push({ t: 'external', name: pkg });
      }
    }
    return out;
  }

  /** The package of a type outside the workspace, when the file says it: a single-type import, a qualified name, java.lang. */
  private externalPackage(ctx: ResolveContext, text: string): string | undefined {
    const name = text.replace(/<.*$/s, '').trim();
    if (name.includes('.')) return packageOfDotted(name);
    const imp = this.model.view(ctx.path, name)?.imports.get(name);
    if (imp && !imp.fact.star && !imp.fact.isStatic) return packageOfDotted(imp.fact.module);
    return JAVA_LANG.has(name) ? 'java.lang' : undefined;
  }
}
