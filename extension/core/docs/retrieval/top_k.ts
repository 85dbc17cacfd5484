/**
 * Top-k selection
 * ===============
 * A bounded min-heap over (slot, score): scanning n scores keeps the best k in O(n log k) without
 * sorting all n. Shared by BM25 and the vector store, whose candidates are numbered slots.
 */

export class TopK {
  private readonly slots: Int32Array;
  private readonly scores: Float64Array;
  private size = 0;

  constructor(readonly k: number) {
    this.slots = new Int32Array(Math.max(1, k));
    this.scores = new Float64Array(Math.max(1, k));
  }

  /** The lowest score kept once full; a candidate must beat it to enter. */
  get threshold(): number {
    return this.size < this.k ? -Infinity : this.scores[0]!;
  }

  push(slot: number, score: number): void {
    if (this.k <= 0) return;
    if (this.size < this.k) {
      let i = this.size++;
      // Sift up.
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (this.less(parent, score, slot)) break;
        this.slots[i] = this.slots[parent]!;
        this.scores[i] = this.scores[parent]!;
        i = parent;
      }
      this.slots[i] = slot;
      this.scores[i] = score;
      return;
    }
    // Ties keep the lower slot (older entry): deterministic answers whatever the scan order.
    if (score < this.scores[0]! || (score === this.scores[0]! && slot > this.slots[0]!)) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= this.size) break;
      const r = l + 1;
      const c = r < this.size && this.lessAt(r, l) ? r : l;
      if (this.less(c, score, slot) === false) break;
      this.slots[i] = this.slots[c]!;
      this.scores[i] = this.scores[c]!;
      i = c;
    }
    this.slots[i] = slot;
    this.scores[i] = score;
  }

  /** Best first; ties by slot ascending. */
  drain(): { slot: number; score: number }[] {
    const out: { slot: number; score: number }[] = [];
    for (let i = 0; i < this.size; i++) out.push({ slot: this.slots[i]!, score: this.scores[i]! });
    return out.sort((a, b) => b.score - a.score || a.slot - b.slot);
  }

  /** Is the heap entry at `i` worse than (score, slot)? Worse = lower score, or equal score and higher slot. */
  private less(i: number, score: number, slot: number): boolean {
    const s = this.scores[i]!;
    return s < score || (s === score && this.slots[i]! > slot);
  }

  private lessAt(a: number, b: number): boolean {
    return this.less(a, this.scores[b]!, this.slots[b]!);
  }
}
