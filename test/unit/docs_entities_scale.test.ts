/**
 * Docs entities at scale
 * ======================
 * A synthetic but realistic corpus (prose with code names in backticks and in plain text,
 * versions, standards, products, Requirements lists, numbered steps, See also links) over a
 * generated code graph of ~10k nodes. Measures a full resolve, a re-resolve after one document
 * is saved, and a re-resolve with nothing changed. Runs 5,000 chunks by default; set
 * DOCS_ENTITIES_SCALE_CHUNKS=50000 for the full-size figures.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EntityIndex } from '../../extension/core/docs/entities';
import { buildGraph, CHUNKS_PER_DOC, page } from '../fixtures/docs_golden/synthetic';

const CHUNKS = Number(process.env.DOCS_ENTITIES_SCALE_CHUNKS ?? 5000);
const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;
/** CPU time of this process: on a shared machine the wall clock mostly measures the neighbours. */
const cpuMs = (c0: NodeJS.CpuUsage): number => {
  const d = process.cpuUsage(c0);
  return (d.user + d.system) / 1000;
};

describe('docs entities at scale', () => {
  it(`resolves ${CHUNKS} chunks over ~10k graph nodes, then one saved page cheaply`, () => {
    const g = buildGraph();
    const docs = Math.ceil(CHUNKS / CHUNKS_PER_DOC);
    let t0 = process.hrtime.bigint();
    const pages = Array.from({ length: docs }, (_, d) => page(d, g));
    const genMs = ms(t0);
    const chars = pages.flat().reduce((n, c) => n + c.text.length, 0);

    const index = new EntityIndex();
    t0 = process.hrtime.bigint();
    let c0 = process.cpuUsage();
    for (const chunks of pages) index.setDoc(chunks[0]!.path, chunks);
    const setMs = ms(t0);
    const setCpu = cpuMs(c0);
    t0 = process.hrtime.bigint();
    c0 = process.cpuUsage();
    const full = index.resolve(g.graph);
    const fullMs = ms(t0);
    const fullCpu = cpuMs(c0);

    // A save: one page edited (a sentence appended to one chunk).
    const d = Math.floor(docs / 2);
    const edited = pages[d]!.map((c, i) => (i === 4 ? { ...c, text: `${c.text}\nThe ${g.classes[3]} now uses Kafka as well.`, hash: 'edited' } : c));
    t0 = process.hrtime.bigint();
    c0 = process.cpuUsage();
    index.setDoc(edited[0]!.path, edited);
    const again = index.resolve(g.graph);
    const saveMs = ms(t0);
    const saveCpu = cpuMs(c0);

    // A code edit that changes no name (the graph's version moves, the gazetteer stays the same).
    const file = [...g.graph.paths()].find((p) => p.endsWith('.py'))!;
    g.graph.setNode(`file:${file}`, { ...g.graph.node(`file:${file}`)!, hash: 'edited' });
    t0 = process.hrtime.bigint();
    c0 = process.cpuUsage();
    index.resolve(g.graph);
    const codeMs = ms(t0);
    const codeCpu = cpuMs(c0);

    console.log(
      `docs entities at scale: ${docs * CHUNKS_PER_DOC} chunks (${(chars / 1e6).toFixed(1)} M chars), graph ${g.graph.order} nodes; ` +
        `setDoc all ${setMs.toFixed(0)} ms (cpu ${setCpu.toFixed(0)}), full resolve ${fullMs.toFixed(0)} ms (cpu ${fullCpu.toFixed(0)}), ` +
        `one page saved + resolve ${saveMs.toFixed(1)} ms (cpu ${saveCpu.toFixed(1)}), a code edit that renames nothing + resolve ${codeMs.toFixed(0)} ms (cpu ${codeCpu.toFixed(0)}); ` +
        `${full.mentions.length} mentions, ${full.entities.length} entities, ${full.relations.length} relations ` +
        `(generating the corpus took ${genMs.toFixed(0)} ms)`,
    );
    assert.ok(full.mentions.length > docs * CHUNKS_PER_DOC, 'every chunk names something');
    assert.ok(full.relations.some((r) => r.kind === 'precedes') && full.relations.some((r) => r.kind === 'depends_on') && full.relations.some((r) => r.kind === 'cites'));
    assert.ok(again.mentions.some((m) => m.target === 'entity:kafka' && m.chunkId.startsWith(`chunk:${edited[0]!.path}#`)));
    // Timing on a shared machine is noisy: the bar is relative, the figures are printed.
    assert.ok(saveCpu < fullCpu / 4, `a save (${saveCpu} ms cpu) should cost far less than a full resolve (${fullCpu} ms cpu)`);
    assert.ok(codeCpu < fullCpu / 2, `a code edit that renames nothing (${codeCpu} ms cpu) should not re-read the corpus (${fullCpu} ms cpu)`);
  });
});
