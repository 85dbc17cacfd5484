/**
 * SVG export
 * ==========
 * The current view as an SVG document: edges as lines, nodes as circles, labels as text, already
 * in viewport coordinates. Pure: the caller collects what sigma shows (graph/export.ts).
 */

export interface SvgNode {
  x: number;
  y: number;
  r: number;
  color: string;
  label?: string;
}

export interface SvgEdge {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  color: string;
  width: number;
}

export interface SvgScene {
  width: number;
  height: number;
  background: string;
  labelColor: string;
  font: string;
  nodes: SvgNode[];
  edges: SvgEdge[];
}

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

const n2 = (v: number): string => (Math.round(v * 100) / 100).toString();

export function buildSvg(s: SvgScene): string {
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n2(s.width)}" height="${n2(s.height)}" viewBox="0 0 ${n2(s.width)} ${n2(s.height)}">`,
    `<rect width="100%" height="100%" fill="${escapeXml(s.background)}"/>`,
    '<g stroke-linecap="round">',
  ];
  for (const e of s.edges) {
    out.push(`<line x1="${n2(e.x1)}" y1="${n2(e.y1)}" x2="${n2(e.x2)}" y2="${n2(e.y2)}" stroke="${escapeXml(e.color)}" stroke-width="${n2(e.width)}"/>`);
  }
  out.push('</g>', '<g>');
  for (const n of s.nodes) out.push(`<circle cx="${n2(n.x)}" cy="${n2(n.y)}" r="${n2(n.r)}" fill="${escapeXml(n.color)}"/>`);
  out.push('</g>', `<g font-family="${escapeXml(s.font)}" font-size="12" fill="${escapeXml(s.labelColor)}">`);
  for (const n of s.nodes) {
    if (n.label) out.push(`<text x="${n2(n.x + n.r + 3)}" y="${n2(n.y + 4)}">${escapeXml(n.label)}</text>`);
  }
  out.push('</g>', '</svg>');
  return out.join('\n');
}
