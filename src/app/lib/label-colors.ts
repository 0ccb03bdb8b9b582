/**
 * Label pills take the label's own colour as background; the text is black or
 * white, whichever contrasts more with it (WCAG 2 relative luminance), so a
 * pill is readable whatever colour the repository chose, in light and dark.
 */

const HEX = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;
const FALLBACK = 'ededed';

export interface LabelColors {
  backgroundColor: string;
  color: string;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of a six-digit hex colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const r = parseInt(hex.slice(0, 2), 16);
  const g = parseInt(hex.slice(2, 4), 16);
  const b = parseInt(hex.slice(4, 6), 16);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: number, b: number): number {
  const [hi, lo] = a > b ? [a, b] : [b, a];
  return (hi + 0.05) / (lo + 0.05);
}

/** Normalises GitHub's `color` (six hex digits, no '#'); anything else is a neutral grey. */
export function normalizeHex(color: string | null | undefined): string {
  const m = HEX.exec((color ?? '').trim());
  if (!m) return FALLBACK;
  const hex = m[1]!.toLowerCase();
  return hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
}

export const DARK_TEXT = '1f2328';
export const LIGHT_TEXT = 'ffffff';

export function labelColors(color: string | null | undefined): LabelColors {
  const hex = normalizeHex(color);
  const luminance = relativeLuminance(hex);
  // Compared with the text colours actually used, not pure black and white.
  const withDark = contrastRatio(luminance, relativeLuminance(DARK_TEXT));
  const withLight = contrastRatio(luminance, relativeLuminance(LIGHT_TEXT));
  return { backgroundColor: `#${hex}`, color: withDark >= withLight ? `#${DARK_TEXT}` : `#${LIGHT_TEXT}` };
}
