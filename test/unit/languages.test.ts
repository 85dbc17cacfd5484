import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { extractFacts } from '../../extension/core/parse/extract';
import { EDITOR_WHEN_CLAUSE, LANGUAGE_SETTINGS, LANGUAGES, languageForPath, languagesForSettings, SOURCE_EXTENSIONS } from '../../extension/core/parse/languages';
import { isSymbolId } from '../../extension/core/model/ids';

const REPO = join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, { items?: { enum?: string[] }; default?: unknown }> }; menus: Record<string, { command: string; when?: string }[]> };
};

describe('language registry', () => {
  it("package.json's kgMemory.languages enum and default are the registry's settings", () => {
    const prop = manifest.contributes.configuration.properties['kgMemory.languages'];
    assert.ok(prop, 'kgMemory.languages is contributed');
    assert.deepEqual(prop.items?.enum, [...LANGUAGE_SETTINGS]);
    assert.deepEqual(prop.default, [...LANGUAGE_SETTINGS]);
  });

  it("every editorLangId when clause in package.json is the registry's", () => {
    const clauses = Object.values(manifest.contributes.menus)
      .flat()
      .flatMap((m) => (m.when?.includes('editorLangId') ? [{ command: m.command, when: m.when }] : []));
    assert.ok(clauses.length >= 5, `found ${clauses.length} when clauses naming editorLangId`);
    for (const c of clauses) assert.equal(c.when, EDITOR_WHEN_CLAUSE, `${c.command}'s when clause`);
  });

  it('each entry has its grammar in its npm package and its queries under grammars/', () => {
    for (const l of LANGUAGES) {
      const pkg = dirname(require.resolve(`${l.grammar.npmPackage}/package.json`));
      assert.ok(existsSync(join(pkg, l.grammar.wasm)), `${l.id}: ${l.grammar.npmPackage}/${l.grammar.wasm}`);
      assert.ok(existsSync(join(REPO, 'grammars', l.queries)), `${l.id}: grammars/${l.queries}`);
    }
  });

  it('an extension belongs to one language, and a path is read by its extension', () => {
    assert.equal(new Set(SOURCE_EXTENSIONS).size, SOURCE_EXTENSIONS.length);
    for (const l of LANGUAGES) for (const e of l.extensions) assert.equal(languageForPath(`src/a.${e.toUpperCase()}`), l.id);
    assert.equal(languageForPath('README.md'), undefined);
    assert.equal(languageForPath('Makefile'), undefined);
    assert.equal(languageForPath('Rakefile'), 'ruby', 'a language may claim whole base names');
    assert.equal(languageForPath('app/Gemfile'), 'ruby');
  });

  it('the typescript setting brings TSX along; the others stand alone', () => {
    assert.deepEqual(languagesForSettings(['typescript']), ['typescript', 'tsx']);
    assert.deepEqual(languagesForSettings(['python', 'javascript']), ['python', 'javascript']);
  });

  it("each language's extractor runs on its own grammar and its symbols carry its id prefix", async () => {
    const sample: Record<string, string> = { cs: 'int f() { return 1; }\n', py: 'def f():\n    return 1\n', ts: 'export function f(): number { return 1; }\n', tsx: 'export function f() { return <div/>; }\n', js: 'export function f() { return 1; }\n', go: 'package a\n\nfunc f() int { return 1 }\n', rs: 'pub fn f() -> u8 {\n    1\n}\n', rb: 'def f\n  1\nend\n', php: '<?php\nfunction f(): int { return 1; }\n', java: 'class f {}\n', kt: 'package a\n\nfun f(): Int = 1\n', c: 'int f(void) { return 1; }\n', cc: 'int f() { return 1; }\n' };
    for (const l of LANGUAGES) {
      const ext = l.extensions.find((e) => sample[e] !== undefined);
      assert.ok(ext, `a sample for ${l.id}`);
      const facts = await extractFacts(`src/a.${ext}`, sample[ext]!, l.id);
      assert.equal(facts.language, l.id);
      assert.equal(facts.parseErrors, 0, `${l.id} parses its sample`);
      assert.deepEqual(
        facts.symbols.map((s) => s.name),
        ['f'],
      );
      assert.ok(isSymbolId(`${l.idPrefix}:src/a:f`), `${l.idPrefix}: reads as a symbol prefix`);
    }
  });
});
