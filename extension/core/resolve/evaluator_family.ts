/**
 * Python and TypeScript/JavaScript
 * ================================
 * The two families resolved by static evaluation of access chains (evaluate.ts): imports through
 * the Python module table and the TS module resolver, calls and references by evaluating their
 * chains, bases through the evaluator's class model.
 */
import type { CallFact, ImportFact, ReferenceFact, SymbolFact } from '../parse/facts';
import type { Confidence } from '../model/types';
import type { Evaluator, Value } from './evaluate';
import type { BaseTarget, CallTarget, DefinitionRef, FamilyResolver, ImportTarget, ResolveContext, SymbolRef } from './family';
import { nameOnlyTarget } from './name_only';

const CALLABLE = new Set(['function', 'method', 'test', 'class']);

export class EvaluatorFamily implements FamilyResolver {
  constructor(private readonly shared: Evaluator) {}

  /** The update's evaluator (its caches are shared by every file), charging reads to this file. */
  private evaluator(ctx: ResolveContext): Evaluator {
    this.shared.tracker = ctx.tracker;
    return this.shared;
  }

  importTargets(ctx: ResolveContext, imp: ImportFact): ImportTarget[] {
    return ctx.view.facts.language === 'python' ? this.pythonImport(ctx, imp) : this.ecmascriptImport(ctx, imp.module);
  }

  private pythonImport(ctx: ResolveContext, imp: ImportFact): ImportTarget[] {
    const evaluator = this.evaluator(ctx);
    const target = evaluator.pythonImportTarget(ctx.path, imp.module);
    const out: ImportTarget[] = [];
    if (target?.t === 'module') out.push({ t: 'file', path: target.path });
    else if (target?.t === 'external') out.push({ t: 'external', name: target.name });
    // `from pkg import sub`: the submodule is imported too.
    if (target && target.t !== 'external') {
      for (const n of imp.names) {
        if (n.imported === '*module*') continue;
        const member = evaluator.member(target, n.imported)?.value;
        if (member?.t === 'module') out.push({ t: 'file', path: member.path });
      }
    }
    return out;
  }

  private ecmascriptImport(ctx: ResolveContext, specifier: string): ImportTarget[] {
    const target = ctx.project.resolveTsModule(ctx.path, specifier, ctx.tracker);
    if (target.kind === 'file') return [{ t: 'file', path: target.path }];
    if (target.kind === 'external') return [{ t: 'external', name: target.name }];
    return [];
  }

  call(ctx: ResolveContext, call: CallFact): CallTarget[] {
    const scope = { path: ctx.path, ...(call.caller !== undefined ? { qn: call.caller } : {}) };
    const callee = call.callee;
    if (ctx.view.facts.language !== 'python' && callee.length === 1 && callee[0] === 'super') {
      const v = this.evaluator(ctx).superConstructor(scope.path, scope.qn);
      return v?.t === 'symbol' ? [{ value: v, confidence: 'resolved' }] : [];
    }
    const evaluator = this.evaluator(ctx);
    const r = evaluator.evalChain(scope, callee);
    if (r.value) {
      if (r.held) return [];
      const confidence: Confidence = r.inferred ? 'inferred' : 'resolved';
      const out: CallTarget[] = [];
      for (let value of r.value.t === 'union' ? r.value.members : [r.value]) {
        // `const Repo = require('./repo'); new Repo()`: calling a CommonJS module calls what it exports.
        if (value.t === 'module' && ctx.view.facts.language !== 'python') {
          const exported = evaluator.exportOf(value.path, 'default')?.value;
          if (!exported) continue;
          value = exported;
        }
        if (value.t === 'symbol' && CALLABLE.has(value.kind)) out.push({ value, confidence });
      }
      return out;
    }
    const guess = nameOnlyTarget(ctx, call.caller, callee, r.external);
    return guess ? [guess] : [];
  }

  reference(ctx: ResolveContext, ref: ReferenceFact): SymbolRef | undefined {
    const r = this.evaluator(ctx).evalChain({ path: ctx.path, ...(ref.from !== undefined ? { qn: ref.from } : {}) }, ref.chain);
    return asSymbol(r.value);
  }

  bases(ctx: ResolveContext, s: SymbolFact): BaseTarget[] {
    return this.evaluator(ctx).basesOf(ctx.path, s.qualifiedName);
  }

  implementations(ctx: ResolveContext, s: SymbolFact): DefinitionRef[] {
    const out: DefinitionRef[] = [];
    for (const text of s.implements ?? []) {
      const r = this.evaluator(ctx).evalType({ path: ctx.path, ...(s.parent !== undefined ? { qn: s.parent } : {}) }, text);
      if (r?.value.t === 'instance') out.push({ path: r.value.path, qn: r.value.qn });
    }
    return out;
  }
}

const asSymbol = (v: Value | undefined): SymbolRef | undefined => (v?.t === 'symbol' ? v : undefined);
