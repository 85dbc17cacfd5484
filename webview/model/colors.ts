/**
 * Colour mixing
 * =============
 * The theme gives colours as CSS strings (hex with or without alpha, rgb(), rgba()); WebGL wants
 * them opaque, so a translucent theme colour (VS Code's indent guides are `#rrggbb40` in some
 * themes) is first laid over the background. Edges are drawn in their kind's colour, mixed toward
 * the background, so they are visible but quieter than nodes in every theme. A few lines instead
 * of a colour library: only these formats come from the stylesheet.
 */
type Rgba = [number, number, number, number];

export function parseColor(css: string): Rgba | undefined {
  const s = css.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(s);
  if (hex) {
    const h = hex[1] as string;
    const full = h.length === 3 || h.length === 4 ? [...h].map((c) => c + c).join('') : h;
    if (full.length !== 6 && full.length !== 8) return undefined;
    const n = (i: number): number => parseInt(full.slice(i, i + 2), 16);
    return [n(0), n(2), n(4), full.length === 8 ? n(6) / 255 : 1];
  }
  const fn = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/.exec(s);
  if (fn) {
    const alpha = fn[4] === undefined ? 1 : fn[4].endsWith('%') ? parseFloat(fn[4]) / 100 : parseFloat(fn[4]);
    return [Number(fn[1]), Number(fn[2]), Number(fn[3]), alpha];
  }
  return undefined;
}

const hex2 = (n: number): string => Math.round(Math.min(255, Math.max(0, n))).toString(16).padStart(2, '0');

/** `a` mixed toward `b` by `t` (0: a, 1: b), both first laid over `b` when translucent; opaque #rrggbb. */
export function mix(a: string, b: string, t: number): string {
  const cb = parseColor(b) ?? [128, 128, 128, 1];
  const ca = parseColor(a) ?? cb;
  const over = (i: number): number => (ca[i] as number) * ca[3] + (cb[i] as number) * (1 - ca[3]);
  const at = (i: number): number => over(i) * (1 - t) + (cb[i] as number) * t;
  return `#${hex2(at(0))}${hex2(at(1))}${hex2(at(2))}`;
}

/** WCAG relative luminance contrast between two opaque colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const lum = (c: string): number => {
    const [r, g, bl] = (parseColor(c) ?? [0, 0, 0, 1]).map((v, i) => (i < 3 ? v / 255 : v)) as Rgba;
    const f = (v: number): number => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(bl);
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}
