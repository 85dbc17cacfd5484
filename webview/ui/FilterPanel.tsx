/**
 * Filters
 * =======
 * Presets (levels of detail) and one checkbox per node kind and edge kind present, with glyphs and
 * counts: the legend and the filters are the same list, so every colour is named next to its glyph.
 */
import { PRESETS, type FilterState } from '../model/filters';
import { edgeStyle, nodeStyle } from '../model/kinds';
import { useExplorer } from './context';

interface Props {
  filters: FilterState;
  present: { nodes: string[]; edges: string[] };
  counts: { nodes: Map<string, number>; edges: Map<string, number> };
}

export function PresetBar({ filters }: { filters: FilterState }) {
  const { dispatch } = useExplorer();
  return (
    <div className="presets" role="radiogroup" aria-label="Level of detail">
      {PRESETS.map((p) => (
        <button key={p.id} role="radio" aria-checked={filters.preset === p.id} className={filters.preset === p.id ? 'on' : ''} onClick={() => dispatch({ type: 'preset', preset: p.id })}>
          {p.label}
        </button>
      ))}
    </div>
  );
}

export function FilterPanel({ filters, present, counts }: Props) {
  const { dispatch } = useExplorer();
  return (
    <section className="panel filters" aria-label="Filters and legend">
      <fieldset>
        <legend>Nodes</legend>
        {present.nodes.map((k) => {
          const st = nodeStyle(k);
          return (
            <label key={k} className="check">
              <input type="checkbox" checked={filters.nodeKinds.has(k)} onChange={() => dispatch({ type: 'toggleNodeKind', kind: k })} />
              <span className={`swatch c-${st.color}`} aria-hidden="true">{st.glyph}</span>
              <span>{st.label}</span>
              <span className="count">{counts.nodes.get(k) ?? 0}</span>
            </label>
          );
        })}
      </fieldset>
      <fieldset>
        <legend>Edges</legend>
        {present.edges.map((k) => {
          const st = edgeStyle(k);
          return (
            <label key={k} className="check">
              <input type="checkbox" checked={filters.edgeKinds.has(k)} onChange={() => dispatch({ type: 'toggleEdgeKind', kind: k })} />
              <span className={`line c-${st.color}`} aria-hidden="true">→</span>
              <span>{st.label}</span>
              <span className="count">{counts.edges.get(k) ?? 0}</span>
            </label>
          );
        })}
      </fieldset>
    </section>
  );
}
