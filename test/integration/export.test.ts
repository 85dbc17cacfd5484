/**
 * export, as a user meets it
 * ==========================
 * `kg-memory export` to SCIP (decoded again with the schema Sourcegraph publishes), to Neo4j
 * CSV (the folder rules), to JSON of every layer and of symbols with the files that call, and
 * its usage errors.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { scip } from '@sourcegraph/scip-typescript/dist/src/scip.js';
import { Workspace } from '../../extension/core/workspace';
import { ensureBuilt, fixtureCopy, runCli } from './helpers';

interface JsonExport {
  level: string;
  nodes: { id: string; kind: string; path?: string; loc?: string }[];
  edges: { source: string; target: string; kind: string }[];
}

describe('kg-memory export', { timeout: 120_000 }, () => {
  let fixture: ReturnType<typeof fixtureCopy>;
  let ws: Workspace;
  before(async () => {
    ensureBuilt();
    fixture = fixtureCopy();
    // Module-level code: its calls come from the file node.
    writeFileSync(join(fixture.root, 'shop', 'boot.py'), 'from shop.client import encode\n\nBANNER = encode("ready")\n');
    ws = await Workspace.open(fixture.root, { persist: false, workers: 0 });
    await ws.index();
  });
  after(async () => {
    await ws?.close();
    fixture?.dispose();
  });

  it('writes a SCIP index that decodes with the published schema: documents, definitions, references, imports, relationships', () => {
    const out = join(fixture.root, 'index.scip');
    const r = runCli(['export', '--format', 'scip', '-o', out, '--root', fixture.root]);
    assert.equal(r.code, 0, r.stderr);
    const index = scip.Index.deserializeBinary(readFileSync(out));
    assert.equal(index.metadata.tool_info.name, 'kg-memory');
    assert.equal(index.metadata.project_root, `file://${fixture.root}`);
    const files: string[] = [];
    ws.graph.graph.forEachNode((_id, a) => {
      if (a.kind === 'file' && a.language) files.push(a.path!);
    });
    assert.deepEqual(index.documents.map((d) => d.relative_path), files.sort());
    const all = index.documents.flatMap((d) => d.occurrences.map((o) => ({ path: d.relative_path, o })));
    for (const { o } of all) assert.match(o.symbol, /^kg-memory (python|npm) \S+ \. \S+(#|\.)$/);
    // Every definition of the graph is a definition occurrence on its line, named as it is there.
    let defs = 0;
    ws.graph.graph.forEachNode((_id, a) => {
      if (!['class', 'function', 'method', 'interface', 'test'].includes(a.kind) || a.line === undefined) return;
      const hit = all.find(({ path, o }) => path === a.path && o.range[0] === a.line! - 1 && (o.symbol_roles & scip.SymbolRole.Definition) !== 0 && o.symbol.includes(a.name));
      assert.ok(hit, `definition of ${a.qualifiedName} at ${a.path}:${a.line}`);
      const line = readFileSync(join(fixture.root, a.path!), 'utf8').split('\n')[a.line! - 1]!;
      assert.equal(line.slice(hit.o.range[1], hit.o.range[2]), a.name);
      defs++;
    });
    assert.ok(defs >= 20);
    // checkout calls Client.send: a reference occurrence at the call site.
    const send = all.filter(({ o }) => o.symbol.endsWith('`shop.client`/Client#send().'));
    assert.ok(send.some(({ path, o }) => path === 'shop/service.py' && o.symbol_roles === 0));
    assert.ok(all.some(({ o }) => (o.symbol_roles & scip.SymbolRole.Import) !== 0), 'imported names are import occurrences');
    // The TypeScript class implementing an interface says so.
    const infos = index.documents.flatMap((d) => d.symbols);
    assert.ok(infos.some((s) => s.relationships.some((rel) => rel.is_implementation)));
    assert.ok(infos.every((s) => s.display_name !== '' && s.kind !== 0));
  });

  it('json --level all holds every node and edge of the graph; symbol level holds every calls edge, with the files that call', () => {
    const all = JSON.parse(runCli(['export', '--level', 'all', '--root', fixture.root]).stdout) as JsonExport;
    assert.equal(all.nodes.length, ws.graph.order);
    assert.equal(all.edges.length, ws.graph.size);
    assert.ok(all.nodes.every((n) => n.kind !== undefined));
    const sym = JSON.parse(runCli(['export', '--level', 'symbol', '--root', fixture.root]).stdout) as JsonExport;
    const calls = sym.edges.filter((e) => e.kind === 'calls');
    assert.equal(calls.length, ws.graph.edgeCount('calls'));
    const fromFiles = calls.filter((e) => e.source.startsWith('file:'));
    assert.ok(fromFiles.length > 0, 'module-level code calls from its file');
    for (const e of fromFiles) assert.ok(sym.nodes.some((n) => n.id === e.source), `${e.source} is exported`);
  });

  it('refuses a non-empty folder for neo4j unless --force, and replaces its own files with it', () => {
    const dir = join(fixture.root, 'neo');
    mkdirSync(dir);
    writeFileSync(join(dir, 'keep.txt'), 'mine');
    const refused = runCli(['export', '--format', 'neo4j', '-o', dir, '--root', fixture.root]);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /is not empty; pass --force/);
    writeFileSync(join(dir, 'nodes_Gone.csv'), 'from an older export');
    const forced = runCli(['export', '--format', 'neo4j', '-o', dir, '--force', '--root', fixture.root]);
    assert.equal(forced.code, 0, forced.stderr);
    const names = readdirSync(dir);
    assert.ok(names.includes('keep.txt') && names.includes('load.cypher') && names.includes('nodes_Function.csv'));
    assert.ok(!names.includes('nodes_Gone.csv'), 'an older export file is replaced');
  });

  it('exits 2 on an unknown format or level, listing the choices', () => {
    const f = runCli(['export', '--format', 'graphml', '--root', fixture.root]);
    assert.equal(f.code, 2);
    assert.match(f.stderr, /--format must be one of json, mermaid, dot, scip, neo4j/);
    const l = runCli(['export', '--level', 'everything', '--root', fixture.root]);
    assert.equal(l.code, 2);
    assert.match(l.stderr, /--level must be one of module, symbol, all/);
    const noOut = runCli(['export', '--format', 'scip', '--root', fixture.root]);
    assert.equal(noOut.code, 2);
    assert.match(noOut.stderr, /-o index\.scip/);
  });
});
