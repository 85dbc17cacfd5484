/**
 * Labels that never overlap
 * =========================
 * Sigma chooses which labels to draw with a grid (the biggest node of each cell, and size follows
 * importance), but two labels from neighbouring cells can still cover each other. Sigma has no
 * collision setting, so its label drawer is replaced: each frame keeps the boxes of the labels
 * drawn so far, and a label whose box would overlap one of them is skipped (labels of the selected
 * or current node, `forceLabel`, are always drawn). The hover box is drawn in the theme's colours:
 * sigma's own is white, unreadable under a dark theme's light label text.
 */
import type { NodeDisplayData, PartialButFor } from 'sigma/types';
import type { Palette } from '../model/reducers';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** What of sigma's settings the drawers read. */
type Settings = { labelSize: number; labelWeight: string; labelFont: string; labelColor: { color?: string } };

type LabelData = PartialButFor<NodeDisplayData, 'x' | 'y' | 'size' | 'label' | 'color'>;

export const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

export class LabelBoxes {
  private boxes: Box[] = [];

  reset(): void {
    this.boxes = [];
  }

  drawn(): Box[] {
    return [...this.boxes];
  }

  private box(context: CanvasRenderingContext2D, data: LabelData, size: number): Box {
    const w = context.measureText(data.label ?? '').width;
    return { x: data.x + data.size + 3, y: data.y - size * 0.75, w, h: size * 1.1 };
  }

  draw(context: CanvasRenderingContext2D, data: LabelData, settings: Settings): void {
    if (!data.label) return;
    const size = settings.labelSize;
    context.font = `${settings.labelWeight} ${size}px ${settings.labelFont}`;
    const box = this.box(context, data, size);
    const forced = (data as { forceLabel?: boolean }).forceLabel === true;
    if (!forced && this.boxes.some((b) => overlaps(b, box))) return;
    this.boxes.push(box);
    context.fillStyle = settings.labelColor.color ?? '#000';
    context.fillText(data.label, box.x, data.y + size / 3);
  }

  /** The hovered node: its label on a box of the theme's background, the node ringed in its colour. */
  drawHover(context: CanvasRenderingContext2D, data: LabelData, settings: Settings, palette: Palette): void {
    const size = settings.labelSize;
    context.font = `${settings.labelWeight} ${size}px ${settings.labelFont}`;
    const pad = 3;
    context.fillStyle = palette.bg;
    context.strokeStyle = data.color;
    context.lineWidth = 1;
    if (data.label) {
      const box = this.box(context, data, size);
      context.beginPath();
      context.rect(box.x - pad, box.y - pad, box.w + 2 * pad, box.h + 2 * pad);
      context.fill();
      context.stroke();
      context.fillStyle = settings.labelColor.color ?? '#000';
      context.fillText(data.label, box.x, data.y + size / 3);
    }
    context.beginPath();
    context.arc(data.x, data.y, data.size + 2, 0, Math.PI * 2);
    context.stroke();
  }
}
