/**
 * Labels that never overlap
 * =========================
 * Sigma's label grid picks a few labels per grid cell, biggest node first, but two picked labels
 * in neighbouring cells can still cross. This draws sigma's picks in its order and skips any whose
 * box would overlap one already drawn in the frame, so the first (most important) label keeps its
 * place. The boxes of the frame are kept for the tests (webview/ui/test_hooks.ts `labels`).
 *
 * The drawing is sigma's own disc label (font, colour, offset), so nothing else changes.
 */

export interface LabelBox {
  id?: string;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

interface LabelData {
  x: number;
  y: number;
  size: number;
  label: string | null;
  key?: string;
  color?: string;
  forceLabel?: boolean;
}

interface LabelSettings {
  labelSize: number;
  labelFont: string;
  labelWeight: string;
  labelColor: { attribute?: string; color?: string };
}

/** The slice of a 2D canvas context a label needs (the node tests have no DOM). */
export interface LabelContext {
  font: string;
  fillStyle: unknown;
  measureText(text: string): { width: number };
  fillText(text: string, x: number, y: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
}

/** Room kept between two labels, in pixels. */
const GAP = 2;

export function overlaps(a: LabelBox, b: LabelBox): boolean {
  return a.x < b.x + b.width + GAP && b.x < a.x + a.width + GAP && a.y < b.y + b.height + GAP && b.y < a.y + a.height + GAP;
}

export class LabelCuller {
  private drawn: LabelBox[] = [];
  private last: LabelBox[] = [];

  /** A new frame: sigma draws its labels after this. */
  reset(): void {
    if (this.drawn.length > 0 || this.last.length === 0) this.last = this.drawn;
    this.drawn = [];
  }

  boxes(): LabelBox[] {
    return this.drawn.length > 0 ? [...this.drawn] : [...this.last];
  }

  draw(ctx: LabelContext, data: LabelData, settings: LabelSettings): void {
    if (!data.label) return;
    const size = settings.labelSize;
    ctx.font = `${settings.labelWeight} ${size}px ${settings.labelFont}`;
    const width = ctx.measureText(data.label).width;
    const box: LabelBox = { label: data.label, x: data.x + data.size + 3, y: data.y + size / 3 - size, width, height: size * 1.2 };
    if (data.key !== undefined) box.id = data.key;
    // A linear scan: sigma draws at most a few hundred labels a frame. Forced labels (the
    // selection, the open file) come last from sigma but must show: they clear what they cross.
    const crossed = this.drawn.filter((b) => overlaps(box, b));
    if (crossed.length > 0 && !data.forceLabel) return;
    for (const b of crossed) ctx.clearRect(b.x - 1, b.y - 1, b.width + 2, b.height + 2);
    if (crossed.length > 0) this.drawn = this.drawn.filter((b) => !crossed.includes(b));
    this.drawn.push(box);
    const attr = settings.labelColor.attribute;
    ctx.fillStyle = (attr ? (data as unknown as Record<string, string>)[attr] : undefined) || settings.labelColor.color || '#000';
    ctx.fillText(data.label, box.x, data.y + size / 3);
  }
}
