/**
 * Graph canvas
 * ============
 * Mounts one GraphView (sigma) on its div for the life of the graph and hands it up. Later view
 * changes reach it through `setState` from the App's effect, not through a new renderer.
 */
import { useEffect, useRef } from 'react';
import { GraphView, type GraphViewEvents } from '../graph/renderer';
import { onThemeChange, readPalette, themeColor } from '../graph/theme';
import type { ExplorerGraph } from '../model/graph_data';
import type { ViewState } from '../model/reducers';
import { markFirstFrame } from './test_hooks';

interface Props {
  graph: ExplorerGraph;
  view: ViewState;
  events: GraphViewEvents;
  onReady(view: GraphView | undefined): void;
}

export function GraphCanvas({ graph, view, events, onReady }: Props) {
  const container = useRef<HTMLDivElement>(null);
  // The first view state only; later ones arrive through setState.
  const initial = useRef(view);
  const handlers = useRef(events);
  handlers.current = events;
  useEffect(() => {
    const el = container.current;
    if (!el) return undefined;
    const gv = new GraphView(el, graph, initial.current, readPalette(), { family: themeColor('font') || 'sans-serif', color: themeColor('fg') || '#333' }, {
      select: (id) => handlers.current.select(id),
      open: (id) => handlers.current.open(id),
      dragStart: () => handlers.current.dragStart(),
    });
    markFirstFrame();
    const stopTheme = onThemeChange(() => {
      gv.setPalette(readPalette(), themeColor('fg'));
    });
    onReady(gv);
    return () => {
      stopTheme();
      onReady(undefined);
      gv.kill();
    };
  }, [graph, onReady]);
  return <div ref={container} className="canvas" aria-label="Graph canvas: click a node to select it, double-click to open it" />;
}
