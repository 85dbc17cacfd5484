/**
 * One resolver per family
 * =======================
 * The registry's resolver families (parse/languages.ts) and the FamilyResolver (family.ts) that
 * resolves each, made once per update so that their caches live for one update. A new family is
 * one line here.
 */
import type { LanguageId, ResolverFamily } from '../parse/languages';
import { Evaluator } from './evaluate';
import { CFamily } from './cfamily/cfamily_family';
import { CSharpFamily } from './csharp/family';
import { EvaluatorFamily } from './evaluator_family';
import type { FamilyResolver } from './family';
import { GoFamily } from './go/go_family';
import { RubyFamily } from './ruby/ruby_family';
import { PhpFamily } from './php/php_family';
import { JavaResolver } from './java/resolver';
import { KotlinFamily } from './kotlin/family';
import { familyOf, type Project } from './project';
import { RustFamily } from './rust/resolver';

type MakeResolver = (project: Project, shared: { evaluator: () => EvaluatorFamily }) => FamilyResolver;

const FAMILIES: Record<ResolverFamily, MakeResolver> = {
  python: (_project, shared) => shared.evaluator(),
  ecmascript: (_project, shared) => shared.evaluator(),
  go: (project) => new GoFamily(project),
  csharp: () => new CSharpFamily(),
  rust: (project) => new RustFamily(project),
  ruby: (project) => new RubyFamily(project),
  php: (project) => new PhpFamily(project),
  java: (project) => new JavaResolver(project),
  kotlin: () => new KotlinFamily(),
  cfamily: (project) => new CFamily(project),
};

export class FamilyResolvers {
  private readonly made = new Map<ResolverFamily, FamilyResolver>();
  private evaluatorFamily: EvaluatorFamily | undefined;

  constructor(private readonly project: Project) {}

  of(language: LanguageId): FamilyResolver {
    const family = familyOf(language);
    let r = this.made.get(family);
    if (!r) {
      const evaluator = (): EvaluatorFamily => (this.evaluatorFamily ??= new EvaluatorFamily(new Evaluator(this.project)));
      this.made.set(family, (r = FAMILIES[family](this.project, { evaluator })));
    }
    return r;
  }
}
