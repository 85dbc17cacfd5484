/**
 * Change journal
 * ==============
 * Which node ids each code-level change (a `codeVersion` step) touched, so a cache built over
 * the graph at one version can catch up by the nodes that moved instead of rebuilding from
 * every node. The journal keeps a bounded tail: a reader further behind than that is told so
 * and rebuilds.
 */

/** Entries kept before the oldest half is dropped: a full index writes far more than a reader catches up on. */
const DEFAULT_LIMIT = 50_000;

export class ChangeJournal {
  private versions: number[] = [];
  private ids: string[] = [];
  /** Changes at or below this version are no longer known. */
  private floor: number;

  constructor(
    version: number,
    private readonly limit = DEFAULT_LIMIT,
  ) {
    this.floor = version;
  }

  record(version: number, id: string): void {
    this.versions.push(version);
    this.ids.push(id);
    if (this.ids.length > this.limit) {
      // Drop the oldest half, keeping every entry of the version at the cut: a version is known whole or not at all.
      let from = this.ids.length >> 1;
      while (from > 0 && this.versions[from - 1] === this.versions[from]) from--;
      if (from === 0) return;
      this.floor = this.versions[from - 1]!;
      this.versions = this.versions.slice(from);
      this.ids = this.ids.slice(from);
    }
  }

  /** Forgets everything up to `version` (a graph loaded whole has no history). */
  reset(version: number): void {
    this.versions = [];
    this.ids = [];
    this.floor = version;
  }

  /** The ids touched after `version`, or undefined when that is further back than the journal reaches. */
  since(version: number): Set<string> | undefined {
    if (version < this.floor) return undefined;
    let lo = 0;
    let hi = this.versions.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.versions[mid]! <= version) lo = mid + 1;
      else hi = mid;
    }
    return new Set(this.ids.slice(lo));
  }
}
