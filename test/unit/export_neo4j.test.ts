/**
 * Neo4j export, loaded into a real Cypher engine
 * ==============================================
 * Every layer of a fixture's graph (code, decisions, docs, memory, LLM nodes) is exported in
 * the neo4j-admin layout, loaded into Kuzu (an embedded Cypher engine from npm: Neo4j itself
 * does not install from npm), and asked `callers` and `impact` in Cypher; the answers must be
 * the ones our queries give, for every function and method.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import kuzu from 'kuzu';
import type { Connection, KuzuValue } from 'kuzu';
import { EDGE_COLUMNS, labelOf, NODE_COLUMNS, typeOf, writeNeo4j } from '../../extension/core/export/neo4j';
import type { Neo4jFiles } from '../../extension/core/export/neo4j';
import type { NodeKind } from '../../extension/core/model/types';
import { callers, impact } from '../../extension/core/query';
import { EDGE_KINDS } from '../../extension/core/model/kinds';
import type { Workspace } from '../../extension/core/workspace';
import { copyFixture, indexFixture } from '../helpers/workspace';
import { Workspace as Ws } from '../../extension/core/workspace';

type Row = Record<string, unknown>;

async function rows(conn: Connection, cypher: string, params: Record<string, string> = {}): Promise<Row[]> {
  const ps = await conn.prepare(cypher);
  const result = await conn.execute(ps, params as Record<string, KuzuValue>);
  return (Array.isArray(result) ? result[0]! : result).getAll();
}

/** Kuzu is schema-first: one Node table with the CSV's columns in order, one table per relationship type. */
async function load(conn: Connection, dir: string, files: Neo4jFiles): Promise<void> {
  const type = (header: string): string => (header.endsWith(':int') ? 'INT64' : header.endsWith(':boolean') ? 'BOOLEAN' : header.endsWith(':float') ? 'DOUBLE' : 'STRING');
  const cols = NODE_COLUMNS.map((c) => `\`${c.name}\` ${type(c.header)}${c.name === 'id' ? ' PRIMARY KEY' : ''}`).join(', ');
  await conn.query(`CREATE NODE TABLE Node(${cols}, labels STRING)`);
  for (const n of files.nodes) await conn.query(`COPY Node FROM '${join(dir, n.file)}' (header=true, escape='"')`);
  const props = EDGE_COLUMNS.map((c) => `\`${c.name}\` ${type(c.header)}`).join(', ');
  // Every type gets a table, so a query naming one the graph lacks (INHERITS) finds it empty.
  for (const kind of EDGE_KINDS) await conn.query(`CREATE REL TABLE ${typeOf(kind)}(FROM Node TO Node, reltype STRING, ${props})`);
  for (const r of files.relationships) await conn.query(`COPY ${r.type} FROM '${join(dir, r.file)}' (header=true, escape='"')`);
}

/** callers (depth 2) and impact (depth 3) of every function and method, from Cypher and from our queries. */
async function sameAnswers(ws: Workspace, conn: Connection, atLeast: number): Promise<void> {
  const targets: string[] = [];
  ws.graph.graph.forEachNode((id, a) => {
    if (a.kind === 'function' || a.kind === 'method') targets.push(id);
  });
  let compared = 0;
  for (const id of targets) {
    const ours = callers(ws.graph, { target: id, depth: 2, limit: 1000 }).levels.flatMap((l) => l.items.map((i) => i.id)).sort();
    const cypher = (await rows(conn, 'MATCH (a:Node)-[:CALLS*1..2]->(t:Node {id: $id}) WHERE a.id <> $id RETURN DISTINCT a.id AS id', { id })).map((r) => String(r.id)).sort();
    assert.deepEqual(cypher, ours, `callers of ${id}`);
    const blast = impact(ws.graph, { target: id, depth: 3, limit: 1000 });
    const oursImpact = [...new Set([...blast.callers.items, ...blast.references.items, ...blast.subclasses.items].map((i) => i.id))].sort();
    const cypherImpact = (
      await rows(conn, "MATCH (a:Node)-[:CALLS|REFERENCES|INHERITS|IMPLEMENTS*1..3]->(t:Node {id: $id}) WHERE a.id <> $id AND a.kind <> 'test' RETURN DISTINCT a.id AS id", { id })
    ).map((r) => String(r.id)).sort();
    assert.deepEqual(cypherImpact, oursImpact, `impact of ${id}`);
    if (ours.length > 0) compared++;
  }
  assert.ok(compared >= atLeast, `${compared} targets with callers compared`);
}

describe('neo4j export', { timeout: 120_000 }, () => {
  let ws: Workspace;
  let dir: string;
  let files: Neo4jFiles;
  let conn: Connection;
  let fixture: ReturnType<typeof copyFixture>;
  before(async () => {
    fixture = copyFixture('decisions/store');
    writeFileSync(join(fixture.dir, 'docs', 'payments.md'), '# Payments\n\nEvery charge goes through `PaymentGateway`, which "retries, then gives up".\n');
    ws = await Ws.open(fixture.dir, { persist: false, workers: 0 });
    await ws.index();
    await ws.docs.linkDeferredInSlices();
    // The memory and LLM layers, as their projections put them in the graph.
    ws.memory.set(ws.graph, [{ id: 'mem:1', name: 'PaymentGateway', entityType: 'class', observations: ['retries twice, then "gives up"', 'see ADR-0002'] }]);
    const adr = [...ws.graph.graph.nodes()].find((id) => ws.graph.node(id)?.kind === 'adr')!;
    const path = ws.graph.node(adr)!.path!;
    ws.llm.set(ws.graph, [{
      nodeId: adr, kind: 'adr', path, startLine: 1, hash: ws.decisions.facts(path)!.hash, dropped: 0, model: 'test', cached: false,
      extraction: { decisions: [{ statement: 'Payments go through one gateway', confidence: 0.9 }], concepts: [], tradeOffs: [{ chosen: 'one gateway', rejected: 'per-shop clients', reasoning: 'one place to retry' }], principles: [], files: [] },
    }]);
    dir = mkdtempSync(join(tmpdir(), 'kg-neo4j-'));
    files = await writeNeo4j(ws.graph, dir);
    conn = new kuzu.Connection(new kuzu.Database(':memory:'));
    await load(conn, dir, files);
  });
  after(async () => {
    await ws?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    fixture?.dispose();
  });

  it('writes one node file per label and one relationship file per type, with typed headers and a load script', () => {
    const kinds = new Set<NodeKind>();
    ws.graph.graph.forEachNode((_id, a) => kinds.add(a.kind));
    for (const k of ['file', 'function', 'adr', 'config', 'concept', 'doc', 'memory', 'decision', 'trade_off'] as NodeKind[]) assert.ok(kinds.has(k), `the fixture has ${k} nodes`);
    assert.deepEqual(files.nodes.map((n) => n.label), [...kinds].sort().map(labelOf));
    const names = readdirSync(dir).sort();
    assert.ok(names.includes('nodes_TradeOff.csv') && names.includes('rels_CALLS.csv') && names.includes('rels_GOVERNS.csv') && names.includes('load.cypher'));
    const header = readFileSync(join(dir, 'nodes_Function.csv'), 'utf8').split('\n')[0];
    assert.match(header ?? '', /^id:ID,kind,name,qualifiedName,path,language,line:int,startLine:int,endLine:int,.*,:LABEL$/);
    assert.equal(readFileSync(join(dir, 'rels_CALLS.csv'), 'utf8').split('\n')[0], ':START_ID,:END_ID,:TYPE,lines:int[],confidence,score:float,via,evidence,typeOnly:boolean');
    const script = readFileSync(join(dir, 'load.cypher'), 'utf8');
    assert.match(script, /neo4j-admin database import full --array-delimiter=';' --nodes=Adr=nodes_Adr\.csv/);
    assert.equal(script.match(/^LOAD CSV WITH HEADERS FROM 'file:\/\/\/nodes_/gm)?.length, files.nodes.length);
    assert.equal(script.match(/^LOAD CSV WITH HEADERS FROM 'file:\/\/\/rels_/gm)?.length, files.relationships.length);
  });

  it('loads every node and edge of every layer, ids and quoted text intact', async () => {
    assert.deepEqual(await rows(conn, 'MATCH (n:Node) RETURN count(*) AS n'), [{ n: ws.graph.order }]);
    for (const r of files.relationships) {
      const kind = r.type.toLowerCase() as Parameters<typeof ws.graph.edgeCount>[0];
      assert.equal(typeOf(kind), r.type);
      assert.deepEqual(await rows(conn, `MATCH ()-[e:${r.type}]->() RETURN count(*) AS n`), [{ n: ws.graph.edgeCount(kind) }], r.type);
    }
    const mem = await rows(conn, 'MATCH (m:Node {kind: "memory"})-[:ABOUT]->(c:Node) RETURN m.text AS text, c.id AS about');
    assert.deepEqual(mem, [{ text: 'retries twice, then "gives up" | see ADR-0002', about: 'py:shop.payments:PaymentGateway' }]);
    const decided = await rows(conn, 'MATCH (d:Node {kind: "decision"})-[:DECIDED_IN]->(a:Node {kind: "adr"}) RETURN d.text AS text');
    assert.deepEqual(decided, [{ text: 'Payments go through one gateway' }]);
  });

  it('answers callers and impact in Cypher as our queries do, for every function and method', async () => {
    await sameAnswers(ws, conn, 2);
    // A fixture with more calls (the oracle's Python and TypeScript shops).
    for (const fixtureName of ['oracle/py_shop', 'oracle/ts_shop']) {
      const other = await indexFixture(fixtureName);
      const otherDir = mkdtempSync(join(tmpdir(), 'kg-neo4j-'));
      try {
        const otherConn = new kuzu.Connection(new kuzu.Database(':memory:'));
        await load(otherConn, otherDir, await writeNeo4j(other.graph, otherDir));
        await sameAnswers(other, otherConn, 10);
      } finally {
        await other.close();
        rmSync(otherDir, { recursive: true, force: true });
      }
    }
  });
});
