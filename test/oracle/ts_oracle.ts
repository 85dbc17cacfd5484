/**
 * TypeScript call-edge oracle
 * ===========================
 * "Who calls what" in a TS/JS project, as the TypeScript checker says it. A LanguageService is
 * built over the files (allowJs, checkJs off, the project's tsconfig.json when there is one);
 * we walk every call-like expression and ask the checker which declaration its callee names.
 *
 * Why walk calls with the checker rather than take `provideCallHierarchyOutgoingCalls` as is:
 * the call hierarchy's answers are the same declarations (we resolve the target exactly as it
 * does: symbol at the callee name, aliases followed, implementation preferred), but its notion
 * of a call and of a caller differs from "who calls what" in ways that would make it a poor
 * reference for the graph:
 *  - it records every property access that names a method or getter as a call, so
 *    `items.map(this.format)` is a "call" of `format` while `items.map(format)` is not;
 *  - it cannot be asked about jest/vitest `describe`/`it` blocks or class field initializers as
 *    callers in a way that matches the graph's symbols;
 * * The unit tests cross-check that both agree on ordinary functions.
 *
 * Conventions (they match the graph's):
 *  - Call-like: call, `new`, tagged template, JSX element (a component is called when rendered).
 *    A bare decorator (`@sealed`) is not a call (pyright agrees; `@log()` is an ordinary call).
 *  - Callers are the innermost named definitions: function declarations and classes (also inside
 *    functions, methods and test callbacks), their methods/accessors/constructors, class fields
 *    initialised with a function (methods), `const f = () => …` / `function` expressions bound to a
 *    name in a statement, and test blocks: a `describe`/`it`/`test` call (also `.only`/`.skip`/`.each`)
 *    whose first argument is a string is a caller whose line is that call's line; an `it` inside a
 *    `describe` is its own caller; the members of an object literal a module-level variable holds
 *    (`const AppConfig = { validate() {…}, load: () => … }`). Anything else (arrow callbacks,
 *    members of other object literals) belongs to the nearest enclosing caller; none → the file, line 0. Class field initialisers and `extends`
 *    expressions belong to the class.
 *  - Decorator expressions (`@log()` on a method) run where the declaration is evaluated, so
 *    they belong to the enclosing scope (the class for a member, the file for a class).
 *  - Callees: the declaration the checker resolves the callee name to, aliases (imports,
 *    re-exports, `require`) followed. `new Foo()` → the class (its name line). `super(…)` → the
 *    base constructor when one is declared (line of `constructor`), else the base class: the
 *    graph's rule for Python's `super().__init__()`.
 *    Methods → the method name line (an interface method signature when the receiver is typed by
 *    an interface). Only declarations under the root.
 *  - Call-site line: the line of the callee's name (`find` in `this.repo\n.find()`).
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { mergeEdges, toRootRelative, type DeclRef, type OracleDecl, type OracleEdge, type OracleResult } from './types';

export async function tsCallEdges(root: string, files: string[]): Promise<OracleEdge[]> {
  return tsOracle(root, files).edges;
}

/** The language service the oracle uses, exposed for cross-checks against the call hierarchy. */
export function createTsService(root: string, files: string[]): { service: ts.LanguageService; root: string; absFiles: string[] } {
  const realRoot = realpathSync(root);
  const absFiles = files.map((f) => join(realRoot, f));
  const options = compilerOptions(realRoot);
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => absFiles,
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) => (existsSync(name) ? ts.ScriptSnapshot.fromString(readFileSync(name, 'utf8')) : undefined),
    getCurrentDirectory: () => realRoot,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  return { service: ts.createLanguageService(host, ts.createDocumentRegistry()), root: realRoot, absFiles };
}

function compilerOptions(root: string): ts.CompilerOptions {
  const forced: ts.CompilerOptions = { allowJs: true, checkJs: false, noEmit: true, skipLibCheck: true };
  const configPath = join(root, 'tsconfig.json');
  if (existsSync(configPath)) {
    const read = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
    const parsed = ts.parseJsonConfigFileContent(read.config ?? {}, ts.sys, dirname(configPath));
    return { ...parsed.options, ...forced };
  }
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.Preserve,
    esModuleInterop: true,
    allowSyntheticDefaultImports: true,
    types: [],
    ...forced,
  };
}

export function tsOracle(root: string, files: string[]): OracleResult {
  const { service, root: realRoot, absFiles } = createTsService(root, files);
  const program = service.getProgram();
  if (!program) throw new Error(`ts oracle: no program for ${root}`);
  const checker = program.getTypeChecker();
  const edges: OracleEdge[] = [];
  const callers = new Map<string, OracleDecl>();
  const declarations = new Map<string, OracleDecl>();
  const inherits: OracleEdge[] = [];
  const classes: DeclRef[] = [];
  for (const abs of absFiles) {
    const sf = program.getSourceFile(abs);
    if (!sf) throw new Error(`ts oracle: ${abs} is not in the program`);
    const path = toRootRelative(realRoot, abs);
    callers.set(`${path}:0`, { path, line: 0, name: path, kind: 'file' });
    walkFile(sf, path, checker, realRoot, edges, callers, declarations);
    walkHeritage(sf, path, checker, realRoot, inherits, classes);
  }
  for (const [k, d] of callers) if (!declarations.has(k)) declarations.set(k, d);
  return { edges: mergeEdges(edges), callers: [...callers.values()], declarations: [...declarations.values()], inherits: mergeEdges(inherits), classes };
}

/** A class or interface the graph models: its name line, or undefined. */
function typeDeclLine(node: ts.Node): number | undefined {
  if (ts.isInterfaceDeclaration(node)) return lineOf(node.name);
  return ts.isClassLike(node) ? classLine(node) : undefined;
}

/**
 * `class A extends B`, `interface I extends J, K`: the declarations the checker resolves each
 * `extends` name to (aliases followed), under the root. An `extends Mixin(B)` call has no declared
 * base to name: left out. `implements` is another edge kind, not inheritance.
 */
function walkHeritage(sf: ts.SourceFile, path: string, checker: ts.TypeChecker, root: string, out: OracleEdge[], classes: DeclRef[]): void {
  const visit = (node: ts.Node): void => {
    const line = typeDeclLine(node);
    if (line !== undefined && (ts.isClassLike(node) || ts.isInterfaceDeclaration(node))) {
      classes.push({ path, line });
      for (const clause of node.heritageClauses ?? []) {
        if (clause.token !== ts.SyntaxKind.ExtendsKeyword) continue;
        for (const type of clause.types) {
          const expr = type.expression;
          const name = ts.isPropertyAccessExpression(expr) ? expr.name : ts.isIdentifier(expr) ? expr : undefined;
          let sym = name ? checker.getSymbolAtLocation(name) : undefined;
          if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
          for (const d of follow(checker, sym?.declarations ?? [], 0).concat((sym?.declarations ?? []).filter(ts.isInterfaceDeclaration))) {
            const target = typeDeclLine(d);
            const tsf = d.getSourceFile();
            const rel = toRootRelative(root, tsf.fileName);
            if (target === undefined || rel.startsWith('..') || rel.includes('node_modules/') || tsf.isDeclarationFile) continue;
            out.push({ caller: { path, line }, callee: { path: rel, line: target }, callSiteLines: [] });
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sf, visit);
}

// ---------------------------------------------------------------------------------------------
// Callers

const TEST_FNS = new Set(['describe', 'it', 'test', 'suite']);

const lineOf = (node: ts.Node): number => {
  const sf = node.getSourceFile();
  return sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
};

const isFunctionValue = (n: ts.Node | undefined): n is ts.ArrowFunction | ts.FunctionExpression =>
  !!n && (ts.isArrowFunction(n) || ts.isFunctionExpression(n));

/** `describe("…", …)`, `it.only("…", …)`, `test.each(table)("…", …)` → the test's name. */
function testBlockName(node: ts.Node): string | undefined {
  if (!ts.isCallExpression(node)) return undefined;
  const first = node.arguments[0];
  if (!first || !(ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first) || ts.isTemplateExpression(first))) return undefined;
  let callee: ts.Expression = node.expression;
  if (ts.isCallExpression(callee)) callee = callee.expression; // test.each(table)("name", fn)
  while (ts.isPropertyAccessExpression(callee)) callee = callee.expression;
  if (!ts.isIdentifier(callee) || !TEST_FNS.has(callee.text)) return undefined;
  return ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first) ? first.text : first.getText();
}

/** The class a member belongs to, when that class is itself a graph symbol. */
function graphClassOf(member: ts.Node): ts.ClassLikeDeclaration | undefined {
  const cls = member.parent;
  return cls && ts.isClassLike(cls) && classLine(cls) !== undefined ? cls : undefined;
}

/**
 * The variable a member's object literal is the value of, when that variable is declared at module
 * (or namespace) level: `export const AppConfig = { validate() {…} }` (also `{…} as const`,
 * `{…} satisfies T`). Its members are definitions, as the call hierarchy lists them.
 */
function namedObjectOf(member: ts.Node): ts.VariableDeclaration | undefined {
  const object = member.parent;
  if (!object || !ts.isObjectLiteralExpression(object)) return undefined;
  let value: ts.Node = object;
  while (ts.isAsExpression(value.parent) || ts.isSatisfiesExpression(value.parent) || ts.isParenthesizedExpression(value.parent)) value = value.parent;
  const decl = value.parent;
  if (!decl || !ts.isVariableDeclaration(decl) || decl.initializer !== value || !ts.isIdentifier(decl.name)) return undefined;
  const statement = decl.parent.parent;
  return ts.isVariableStatement(statement) && (ts.isSourceFile(statement.parent) || ts.isModuleBlock(statement.parent)) ? decl : undefined;
}

/** Name line of a graph-level class: declared, or a class expression assigned to a const. */
function classLine(cls: ts.ClassLikeDeclaration): number | undefined {
  if (cls.name && ts.isClassExpression(cls) && !ts.isVariableDeclaration(cls.parent)) return undefined; // `return class X {}`
  if (cls.name) return lineOf(cls.name);
  if (ts.isClassDeclaration(cls)) return lineOf(cls); // `export default class {}`
  const parent = cls.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return lineOf(parent.name);
  return undefined;
}

/** If `node` is a graph-level declaration, what it is; used for callers and callees alike. */
function graphDecl(node: ts.Node): Omit<OracleDecl, 'path'> | undefined {
  if (ts.isFunctionDeclaration(node)) {
    return { line: lineOf(node.name ?? node), name: node.name?.text ?? 'default', kind: 'function' };
  }
  if (ts.isClassLike(node)) {
    const line = classLine(node);
    return line === undefined ? undefined : { line, name: node.name?.text ?? 'default', kind: 'class' };
  }
  if (ts.isMethodDeclaration(node) || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)) {
    // A member of an anonymous class or of an unnamed object literal is not a definition of its own.
    if (!graphClassOf(node) && !namedObjectOf(node)) return undefined;
    return { line: lineOf(node.name), name: node.name.getText(), kind: 'method' };
  }
  if (ts.isPropertyAssignment(node) && isFunctionValue(node.initializer) && namedObjectOf(node)) {
    return { line: lineOf(node.name), name: node.name.getText(), kind: 'method' };
  }
  if (ts.isConstructorDeclaration(node)) {
    if (!graphClassOf(node)) return undefined;
    const keyword = node.getChildren().find((c) => c.kind === ts.SyntaxKind.ConstructorKeyword) ?? node;
    return { line: lineOf(keyword), name: 'constructor', kind: 'method' };
  }
  if (ts.isPropertyDeclaration(node) && isFunctionValue(node.initializer)) {
    if (!graphClassOf(node)) return undefined;
    return { line: lineOf(node.name), name: node.name.getText(), kind: 'method' };
  }
  if (ts.isVariableDeclaration(node) && isFunctionValue(node.initializer) && ts.isIdentifier(node.name)) {
    const statement = node.parent.parent;
    if (!ts.isVariableStatement(statement)) return undefined;
    return { line: lineOf(node.name), name: node.name.text, kind: 'function' };
  }
  const inInterface = ts.isInterfaceDeclaration(node.parent);
  if (inInterface && (ts.isMethodSignature(node) || (ts.isPropertySignature(node) && node.type && ts.isFunctionTypeNode(node.type)))) {
    return { line: lineOf(node.name), name: node.name.getText(), kind: 'interface-method' };
  }
  return undefined;
}

/** Does this node open a new caller scope? A class-like, function-like graph declaration or a test block. */
function callerFor(node: ts.Node): Omit<OracleDecl, 'path'> | undefined {
  const test = testBlockName(node);
  if (test !== undefined) return { line: lineOf(node), name: test, kind: 'test' };
  // A const arrow opens its scope at the arrow itself, so its initialiser's siblings are not included.
  if (isFunctionValue(node) && (ts.isVariableDeclaration(node.parent) || ts.isPropertyDeclaration(node.parent) || ts.isPropertyAssignment(node.parent)) && node.parent.initializer === node) {
    return graphDecl(node.parent);
  }
  if (ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node) || ts.isPropertyAssignment(node)) return undefined;
  const decl = graphDecl(node);
  return decl?.kind === 'interface-method' ? undefined : decl; // a signature has no body to call from
}

// ---------------------------------------------------------------------------------------------
// Call sites and their targets

/** The node to ask the checker about: the name being called. */
function calleeNameOf(node: ts.Node): ts.Node | undefined {
  let target: ts.Node;
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) target = node.expression;
  else if (ts.isTaggedTemplateExpression(node)) target = node.tag;
  else if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) target = node.tagName;
  else return undefined;
  for (;;) {
    if (ts.isParenthesizedExpression(target) || ts.isNonNullExpression(target) || ts.isAsExpression(target) || ts.isSatisfiesExpression(target)) target = target.expression;
    else if (ts.isPropertyAccessExpression(target)) return target.name;
    else if (ts.isElementAccessExpression(target)) return target.argumentExpression;
    else return target;
  }
}

function declarationsOf(checker: ts.TypeChecker, name: ts.Node, call: ts.Node): ts.Declaration[] {
  if (name.kind === ts.SyntaxKind.SuperKeyword) {
    // `super(…)`: the base class's constructor (through the resolved signature), or the base class.
    // Like Python's `super().__init__()`, an explicit base constructor is the callee; else the class.
    const ctor = ts.isCallExpression(call) ? checker.getResolvedSignature(call)?.declaration : undefined;
    if (ctor && ts.isConstructorDeclaration(ctor)) return [ctor.body ? ctor : (ctor.parent.members.find((m) => ts.isConstructorDeclaration(m) && m.body) ?? ctor)];
    const sym = checker.getTypeAtLocation(name).getSymbol();
    return sym?.declarations ?? [];
  }
  let sym = checker.getSymbolAtLocation(name);
  if (!sym) return [];
  if (sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
  return follow(checker, sym.declarations ?? [], 0);
}

/** From what a name is declared as to the callable declaration behind it (object-literal exports, re-bindings). */
function follow(checker: ts.TypeChecker, decls: readonly ts.Declaration[], depth: number): ts.Declaration[] {
  if (depth > 5) return [];
  const out: ts.Declaration[] = [];
  for (const d of decls) {
    if (graphDecl(d) || ts.isFunctionDeclaration(d)) {
      out.push(d);
      continue;
    }
    let next: ts.Symbol | undefined;
    if (ts.isShorthandPropertyAssignment(d)) next = checker.getShorthandAssignmentValueSymbol(d);
    else if ((ts.isPropertyAssignment(d) || ts.isVariableDeclaration(d)) && d.initializer && (ts.isIdentifier(d.initializer) || ts.isPropertyAccessExpression(d.initializer))) {
      next = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(d.initializer) ? d.initializer.name : d.initializer);
    } else if (ts.isVariableDeclaration(d) && d.initializer && ts.isClassExpression(d.initializer)) {
      out.push(d.initializer);
      continue;
    } else if (ts.isBinaryExpression(d) || ts.isPropertyAccessExpression(d)) {
      // JS `exports.f = function () {}` / `module.exports.f = f`: the assigned value.
      const assign = ts.isBinaryExpression(d) ? d : ts.isBinaryExpression(d.parent) ? d.parent : undefined;
      const right = assign?.right;
      if (right && (ts.isIdentifier(right) || ts.isPropertyAccessExpression(right))) next = checker.getSymbolAtLocation(right);
      else if (right && ts.isClassExpression(right)) out.push(right);
    }
    if (next && next.flags & ts.SymbolFlags.Alias) next = checker.getAliasedSymbol(next);
    if (next?.declarations) out.push(...follow(checker, next.declarations, depth + 1));
  }
  return out;
}

/** Overloads → the implementation. (`new Foo()` already names the class, not its constructor.) */
function calleeDeclNode(checker: ts.TypeChecker, d: ts.Declaration): ts.Node {
  if ((ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d)) && !d.body) {
    const sym = d.name ? checker.getSymbolAtLocation(d.name) : undefined;
    const impl = sym?.declarations?.find((x) => (ts.isFunctionDeclaration(x) || ts.isMethodDeclaration(x)) && x.body);
    if (impl) return impl;
  }
  return d;
}

function walkFile(
  sf: ts.SourceFile,
  path: string,
  checker: ts.TypeChecker,
  root: string,
  edges: OracleEdge[],
  callers: Map<string, OracleDecl>,
  declarations: Map<string, OracleDecl>,
): void {
  const fileCaller: OracleDecl = { path, line: 0, name: path, kind: 'file' };
  const visit = (node: ts.Node, caller: OracleDecl): void => {
    const decl = graphDecl(node);
    if (decl) declarations.set(`${path}:${decl.line}`, { path, ...decl });
    const opened = callerFor(node);
    let scope = caller;
    if (opened) {
      scope = { path, ...opened };
      callers.set(`${path}:${scope.line}`, scope);
    }
    const name = calleeNameOf(node);
    if (name) {
      for (const d of declarationsOf(checker, name, node)) {
        const target = calleeDeclNode(checker, d);
        const tsf = target.getSourceFile();
        const rel = toRootRelative(root, tsf.fileName);
        if (rel.startsWith('..') || rel.includes('node_modules/') || tsf.isDeclarationFile) continue;
        const info = graphDecl(target);
        if (!info) continue; // a parameter, an object-literal method…
        // The node's own call is made by the enclosing scope (a test block calls `it` from outside).
        edges.push({ caller: { path, line: caller.line }, callee: { path: rel, line: info.line }, callSiteLines: [lineOf(name)] });
      }
    }
    // Decorators run where the declaration is evaluated: in the enclosing scope.
    ts.forEachChild(node, (child) => visit(child, ts.isDecorator(child) ? caller : scope));
  };
  ts.forEachChild(sf, (child) => visit(child, fileCaller));
}
