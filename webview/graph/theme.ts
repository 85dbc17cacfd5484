/**
 * Theme colours
 * =============
 * WebGL needs colour strings, not CSS variables, so the palette is read from the stylesheet's
 * --kg-* variables (which map VS Code's theme variables, with fallbacks for the browser) and read
 * again when VS Code switches theme (it rewrites the body class and the root style).
 */
import type { Palette } from '../model/reducers';

const VARS: Record<keyof Palette, string> = {
  blue: '--kg-blue',
  green: '--kg-green',
  yellow: '--kg-yellow',
  orange: '--kg-orange',
  red: '--kg-red',
  purple: '--kg-purple',
  muted: '--kg-muted',
  fg: '--kg-fg',
  faded: '--kg-faded',
  edge: '--kg-edge',
  highlight: '--kg-highlight',
};

export function readPalette(): Palette {
  const css = getComputedStyle(document.body);
  const out = {} as Palette;
  for (const key of Object.keys(VARS) as (keyof Palette)[]) out[key] = css.getPropertyValue(VARS[key]).trim() || '#888888';
  return out;
}

export function themeColor(name: 'bg' | 'fg' | 'font'): string {
  return getComputedStyle(document.body).getPropertyValue(`--kg-${name}`).trim();
}

/** Calls back when the theme changes; returns the disposer. */
export function onThemeChange(fn: () => void): () => void {
  const observer = new MutationObserver(() => fn());
  observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style', 'class'] });
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', fn);
  return () => {
    observer.disconnect();
    media.removeEventListener('change', fn);
  };
}
