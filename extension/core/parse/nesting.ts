/**
 * Nesting caps
 * ============
 * Named definitions nested in functions are symbols of their own (`make.decorator.wrapper`). A
 * definition nested deeper than MAX_NESTING definitions below a module-level one, or whose
 * qualified name would pass MAX_QUALIFIED_NAME characters, is not: what it does belongs to the
 * deepest enclosing definition that is one, as an anonymous lambda's does. Real code nests a few
 * levels; the caps keep ids short and the sweep flat on generated or hostile input. Every
 * language's extractor applies the same rule.
 */
export const MAX_NESTING = 32;
export const MAX_QUALIFIED_NAME = 512;

/** May a definition named `name` nest under a symbol at `parentDepth` with qualified name `parentQn`? */
export function mayNest(parentDepth: number, parentQn: string, name: string): boolean {
  return parentDepth < MAX_NESTING && parentQn.length + 1 + name.length <= MAX_QUALIFIED_NAME;
}
