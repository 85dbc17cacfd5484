/**
 * Layout worker messages
 * ======================
 * Positions travel as a Float32Array of x,y pairs in node order, edges as a Uint32Array of
 * source,target index pairs, groups as a Uint32Array of group numbers in node order; all are transferred, not copied.
 */

export interface LayoutStart {
  type: 'start';
  positions: Float32Array;
  edges: Uint32Array;
  /**
   * Each node's group (its file): the worker first lays out the graph of groups, then places each
   * node around its group's spot and refines the whole, which settles in far fewer iterations.
   */
  groups: Uint32Array;
  /** Stop after this long even if the layout still moves. */
  maxMs: number;
  /** 1 for a node that stays where it is (one level, no coarsening); absent: every node moves. */
  fixed?: Uint8Array;
}

export interface LayoutStop {
  type: 'stop';
}

export type ToWorker = LayoutStart | LayoutStop;

export interface LayoutTick {
  type: 'tick';
  positions: Float32Array;
  iterations: number;
  elapsedMs: number;
  /** Time spent before the first full-graph iteration (the coarse level of a big graph). */
  coarseMs: number;
  /** Mean time of one full-graph iteration so far. */
  iterationMs: number;
  /** The last tick: settled (movement under the threshold), timed out or stopped. */
  done: boolean;
  settled: boolean;
}

export type FromWorker = LayoutTick;
