/**
 * Edit history of an open document
 * ================================
 * Which text the graph describes is not always the text on screen: after a save the graph lags
 * until the file is re-indexed, and edits go on meanwhile. So a document keeps one LineMap per
 * known text version ("epoch", named by the sha256 of its bytes, the same hash the graph keeps on
 * a file node): the version it was opened with and each saved one. The graph's hash for the file
 * picks the epoch whose map to use; when none matches, the graph describes a text we cannot map
 * (being re-indexed, changed outside the editor) and nothing is drawn.
 *
 * Pure: the VS Code layer feeds it opens, changes and saves (lens_docs.ts).
 */
import { LineMap, type TextChange } from './lens_linemap';

/** Enough to bridge a few quick saves while the index catches up. */
const MAX_EPOCHS = 4;

export class EditHistory {
  private epochs: { hashes: readonly string[]; map: LineMap }[] = [];

  /** The current text is a known version (opened clean, or just saved) with these possible hashes. */
  mark(hashes: readonly string[]): void {
    this.epochs.push({ hashes, map: new LineMap() });
    if (this.epochs.length > MAX_EPOCHS) this.epochs.splice(0, this.epochs.length - MAX_EPOCHS);
  }

  /** The last known version is the current text: no edit since it was marked. */
  get current(): boolean {
    return this.epochs[this.epochs.length - 1]?.map.identity === true;
  }

  edit(changes: readonly TextChange[]): void {
    for (const e of this.epochs) for (const c of changes) e.map.apply(c);
  }

  /**
   * The map from the version the graph indexed (hash `graphHash`) to the current text, or undefined.
   * Older epochs are dropped: the graph never goes back to them.
   */
  mapFor(graphHash: string | undefined): LineMap | undefined {
    if (graphHash === undefined) return undefined;
    for (let i = this.epochs.length - 1; i >= 0; i--) {
      const e = this.epochs[i];
      if (e?.hashes.includes(graphHash)) {
        if (i > 0) this.epochs.splice(0, i);
        return e.map;
      }
    }
    return undefined;
  }
}
