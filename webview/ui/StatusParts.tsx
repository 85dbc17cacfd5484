/**
 * Stats bar, zoom controls, empty state
 * =====================================
 * Small pieces around the canvas.
 */
import type { WireIndexState } from '../../extension/protocol/messages';
import type { LayoutStatus } from '../model/app_state';

interface StatsProps {
  shown: { nodes: number; edges: number };
  /** In a partial graph: how much of it is loaded. */
  loaded: { nodes: number; edges: number } | undefined;
  total: { nodes: number; edges: number };
  layout: LayoutStatus;
  indexState: WireIndexState;
  folder: string;
}

export function StatsBar({ shown, loaded, total, layout, indexState, folder }: StatsProps) {
  const index =
    indexState.kind === 'indexing' ? `indexing ${indexState.done}/${indexState.total}` : indexState.kind === 'error' ? `index error: ${indexState.message}` : '';
  const lay = layout.running ? `layout… ${layout.iterations} it` : layout.iterations ? `layout ${layout.settled ? 'settled' : 'stopped'} in ${layout.elapsedMs < 1000 ? `${Math.round(layout.elapsedMs)} ms` : `${(layout.elapsedMs / 1000).toFixed(1)} s`}` : '';
  return (
    <footer className="stats" role="status" aria-live="polite">
      <span>{folder}</span>
      <span>
        {shown.nodes.toLocaleString()} / {total.nodes.toLocaleString()} nodes · {shown.edges.toLocaleString()} / {total.edges.toLocaleString()} edges
      </span>
      {loaded && <span title="A large graph: symbols are loaded when their file or module is expanded">{loaded.nodes.toLocaleString()} loaded</span>}
      {lay && <span>{lay}</span>}
      {index && <span>{index}</span>}
    </footer>
  );
}

export function ZoomControls({ zoom }: { zoom(d: 'in' | 'out' | 'reset'): void }) {
  return (
    <div className="zoom" role="group" aria-label="Zoom">
      <button aria-label="Zoom in" title="Zoom in" onClick={() => zoom('in')}>+</button>
      <button aria-label="Zoom out" title="Zoom out" onClick={() => zoom('out')}>−</button>
      <button aria-label="Fit the graph" title="Fit the graph" onClick={() => zoom('reset')}>⤢</button>
    </div>
  );
}

export function EmptyState({ indexState, canReindex, onReindex }: { indexState: WireIndexState; canReindex: boolean; onReindex(): void }) {
  const busy = indexState.kind === 'indexing';
  return (
    <div className="empty" role="region" aria-label="No graph yet">
      <h2>No graph yet</h2>
      {busy ? (
        <p>Indexing: {indexState.done} of {indexState.total} files. The graph appears when it is done.</p>
      ) : indexState.kind === 'error' ? (
        <p>The last index failed: {indexState.message}</p>
      ) : (
        <p>This folder has not been indexed, or it has no Python, TypeScript or JavaScript files.</p>
      )}
      {canReindex ? (
        <button className="primary" disabled={busy} onClick={onReindex}>Reindex</button>
      ) : (
        <p>Run <code>kg-memory index</code> in the folder; this page follows.</p>
      )}
    </div>
  );
}
