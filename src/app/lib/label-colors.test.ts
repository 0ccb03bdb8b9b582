import { describe, expect, it } from 'vitest';
import { contrastRatio, labelColors, normalizeHex, relativeLuminance } from './label-colors';

describe('label colours', () => {
  it('writes dark text on light labels and white text on dark ones', () => {
    expect(labelColors('ffffff').color).toBe('#1f2328');
    expect(labelColors('a2eeef').color).toBe('#1f2328');
    expect(labelColors('fbca04').color).toBe('#1f2328');
    expect(labelColors('000000').color).toBe('#ffffff');
    expect(labelColors('0075ca').color).toBe('#ffffff');
    expect(labelColors('5319e7').color).toBe('#ffffff');
  });

  it('always picks the text colour with the better contrast', () => {
    for (let i = 0; i < 200; i++) {
      const hex = ((i * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6);
      const { color } = labelColors(hex);
      const l = relativeLuminance(hex);
      const chosen = contrastRatio(l, relativeLuminance(color.slice(1)));
      const other = contrastRatio(l, relativeLuminance(color === '#ffffff' ? '1f2328' : 'ffffff'));
      expect(chosen, hex).toBeGreaterThanOrEqual(other);
    }
  });

  it('uses the label colour as the background, and grey for a colour it cannot read', () => {
    expect(labelColors('D73A4A').backgroundColor).toBe('#d73a4a');
    expect(labelColors('#abc').backgroundColor).toBe('#aabbcc');
    expect(normalizeHex('not a colour')).toBe('ededed');
    expect(normalizeHex(undefined)).toBe('ededed');
  });
});
