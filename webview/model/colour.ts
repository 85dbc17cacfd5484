/**
 * Colours with alpha
 * ==================
 * Edges take their kind's theme colour, made translucent so thousands of them read as texture and
 * the nodes stay in front. Theme colours arrive as #rgb, #rrggbb, #rrggbbaa or rgb()/rgba() (what
 * getComputedStyle gives for VS Code's variables); the result is rgba(), which sigma parses.
 * Anything else is returned unchanged. Memoised: the edge reducer calls it per edge per refresh.
 */
const cache = new Map<string, string>();

export function translucent(colour: string, alpha: number): string {
  const key = `${colour}|${alpha}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const rgb = parse(colour.trim());
  const out = rgb ? `rgba(${rgb[0]},${rgb[1]},${rgb[2]},${Math.round(rgb[3] * alpha * 1000) / 1000})` : colour;
  if (cache.size > 512) cache.clear();
  cache.set(key, out);
  return out;
}

function parse(c: string): [number, number, number, number] | undefined {
  let m = /^#([0-9a-f]{3})$/i.exec(c);
  if (m) return [0, 1, 2].map((i) => parseInt(m![1]![i]!.repeat(2), 16)).concat(1) as [number, number, number, number];
  m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(c);
  if (m) return [parseInt(m[1]!.slice(0, 2), 16), parseInt(m[1]!.slice(2, 4), 16), parseInt(m[1]!.slice(4, 6), 16), m[2] ? parseInt(m[2], 16) / 255 : 1];
  m = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)$/i.exec(c);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])];
  return undefined;
}
