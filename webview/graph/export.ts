/**
 * Export the current view
 * =======================
 * PNG: sigma draws on stacked canvases (WebGL edges and nodes, 2D labels); a synchronous refresh
 * followed at once by drawing each layer onto one canvas captures them before the WebGL buffers
 * are cleared. SVG: what sigma shows (after the reducers) in viewport coordinates, labels only
 * where sigma drew them.
 */
import type Sigma from 'sigma';
import type { EdgeData, NodeData } from '../model/graph_data';
import { buildSvg, type SvgEdge, type SvgNode } from '../model/svg';

type Renderer = Sigma<NodeData, EdgeData>;

export function exportPng(sigma: Renderer, background: string): string {
  sigma.refresh();
  const { width, height } = sigma.getDimensions();
  const ratio = window.devicePixelRatio || 1;
  const out = document.createElement('canvas');
  out.width = Math.round(width * ratio);
  out.height = Math.round(height * ratio);
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('export: no 2D canvas context');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, out.width, out.height);
  // Layer order as sigma stacks them; the mouse layer is transparent.
  for (const [name, canvas] of Object.entries(sigma.getCanvases())) {
    if (name === 'mouse') continue;
    ctx.drawImage(canvas, 0, 0, out.width, out.height);
  }
  return out.toDataURL('image/png');
}

export function exportSvg(sigma: Renderer, background: string, labelColor: string, font: string): string {
  const { width, height } = sigma.getDimensions();
  const graph = sigma.getGraph();
  const labelled = sigma.getNodeDisplayedLabels();
  const nodes: SvgNode[] = [];
  const edges: SvgEdge[] = [];
  const inView = (p: { x: number; y: number }): boolean => p.x >= -50 && p.y >= -50 && p.x <= width + 50 && p.y <= height + 50;
  graph.forEachEdge((key, _a, s, t) => {
    const d = sigma.getEdgeDisplayData(key);
    const ds = sigma.getNodeDisplayData(s);
    const dt = sigma.getNodeDisplayData(t);
    if (!d || !ds || !dt || d.hidden || ds.hidden || dt.hidden) return;
    const a = sigma.framedGraphToViewport(ds);
    const b = sigma.framedGraphToViewport(dt);
    if (!inView(a) && !inView(b)) return;
    edges.push({ x1: a.x, y1: a.y, x2: b.x, y2: b.y, color: d.color, width: Math.max(0.5, d.size / 2) });
  });
  graph.forEachNode((id) => {
    const d = sigma.getNodeDisplayData(id);
    if (!d || d.hidden) return;
    const p = sigma.framedGraphToViewport(d);
    if (!inView(p)) return;
    const node: SvgNode = { x: p.x, y: p.y, r: sigma.scaleSize(d.size), color: d.color };
    if (d.label && (labelled.has(id) || d.forceLabel)) node.label = d.label;
    nodes.push(node);
  });
  return buildSvg({ width, height, background, labelColor, font, nodes, edges });
}
