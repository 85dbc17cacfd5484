/**
 * Detail panel
 * ============
 * The selected node: kind, location, properties, and its connections grouped by edge kind and
 * direction, each a button that moves there. "Open" reveals the definition (double-click on the
 * canvas does the same); files (and, in a partial graph, modules) can be expanded to show their
 * symbols. Docs, entities and extracted decisions show what they carry (title, aliases, statement).
 */
import type { NodeDetail } from '../model/detail';
import { nodeStyle } from '../model/kinds';
import { useExplorer } from './context';

const MAX_ITEMS = 50;

interface Props {
  detail: NodeDetail;
  focusDepth: number;
  expanded: boolean;
  canExpand: boolean;
  /** The start of a path question, when one was chosen (another node). */
  pathFrom?: { id: string; name: string } | undefined;
  onClose(): void;
}

/** Kinds whose callers and impact the core answers (code symbols and files). */
const ASKABLE = new Set(['function', 'method', 'class', 'interface', 'file', 'type', 'enum', 'constant', 'variable', 'test', 'module']);

export function DetailPanel({ detail, focusDepth, expanded, canExpand, pathFrom, onClose }: Props) {
  const { dispatch, goTo, open, expand, ask } = useExplorer();
  const st = nodeStyle(detail.kind);
  return (
    <section className="panel detail" aria-label={`Details of ${detail.name}`}>
      <header>
        <span className={`swatch c-${st.color}`} aria-hidden="true">{st.glyph}</span>
        <h2 title={detail.id}>{detail.name}</h2>
        <button className="icon" aria-label="Close details" onClick={onClose}>×</button>
      </header>
      <p className="meta">
        {detail.kindLabel}
        {detail.location && <> · <code>{detail.location}</code></>}
      </p>
      <div className="actions">
        {detail.location && detail.kind !== 'module' && <button onClick={() => open(detail.id)}>Open</button>}
        <label>
          Focus{' '}
          <select aria-label="Focus depth" value={focusDepth} onChange={(e) => dispatch({ type: 'focusDepth', depth: Number(e.target.value) })}>
            <option value={0}>off</option>
            {[1, 2, 3, 4, 5].map((d) => <option key={d} value={d}>depth {d}</option>)}
          </select>
        </label>
        {canExpand && detail.path !== undefined && (
          <button aria-pressed={expanded} onClick={() => (expanded ? dispatch({ type: 'toggleExpanded', path: detail.path ?? '' }) : expand(detail.id, detail.path))}>
            {expanded ? 'Hide symbols' : 'Show symbols'}
          </button>
        )}
      </div>
      <div className="actions questions" role="group" aria-label="Questions">
        {ASKABLE.has(detail.kind) && detail.kind !== 'file' && detail.kind !== 'module' && <button onClick={() => ask('callers', detail.id)}>Callers</button>}
        {ASKABLE.has(detail.kind) && <button onClick={() => ask('impact', detail.id)}>Impact</button>}
        {pathFrom && pathFrom.id !== detail.id ? (
          <button onClick={() => ask('path', pathFrom.id, detail.id)} title={`The chain from ${pathFrom.name} to ${detail.name}`}>Path from {pathFrom.name}</button>
        ) : (
          <button onClick={() => dispatch({ type: 'pathFrom', id: detail.id })} title="Then select another node and ask for the path">Path from here…</button>
        )}
      </div>
      <dl className="props">
        {detail.props.map(([k, v]) => (
          <div key={k}><dt>{k}</dt><dd>{v}</dd></div>
        ))}
      </dl>
      {detail.groups.map((g) => (
        <details key={`${g.direction}|${g.edgeKind}`} open={g.items.length <= 12}>
          <summary>{g.label} <span className="count">{g.items.length}</span></summary>
          <ul className="connections">
            {g.items.slice(0, MAX_ITEMS).map((c) => (
              <li key={c.id}>
                <button className="link" title={c.id} onClick={() => goTo(c.id)}>
                  <span className="glyph" aria-hidden="true">{nodeStyle(c.kind).glyph}</span> {c.name}
                  <span className="kind"> {nodeStyle(c.kind).label}</span>
                </button>
              </li>
            ))}
            {g.items.length > MAX_ITEMS && <li className="more">and {g.items.length - MAX_ITEMS} more</li>}
          </ul>
        </details>
      ))}
    </section>
  );
}
