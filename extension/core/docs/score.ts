/**
 * Scores
 * ======
 * Every 0–1 score the docs write into the graph or an answer (link scores, relation confidence,
 * retrieval scores) is kept to three decimals: enough to rank, stable across runs, short in JSON.
 */
export function roundScore(x: number): number {
  return Math.round(x * 1000) / 1000;
}
