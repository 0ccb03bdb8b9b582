import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as firstPaintIcons from './icons';
import * as pageIcons from './page-icons';
import SPRITE from './octicons.svg?raw';

const SYMBOL_IDS = new Set([...SPRITE.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]));

const icons = Object.entries({ ...firstPaintIcons, ...pageIcons }).filter(([name]) => name.endsWith('Icon'));

describe('the icons', () => {
  it.each(icons)('%s draws a symbol the sprite has, in the current text colour', (_name, icon) => {
    const Icon = icon as firstPaintIcons.Icon;
    const { container } = render(<Icon />);
    const svg = container.querySelector('svg');
    const href = svg?.querySelector('use')?.getAttribute('href') ?? '';
    const [file, id] = href.split('#');
    expect(file).toMatch(/octicons.*\.svg/);
    expect(SYMBOL_IDS.has(id ?? '')).toBe(true);
    expect(svg).toHaveAttribute('fill', 'currentColor');
    expect(svg).toHaveAttribute('width', '16');
  });

  it('every symbol in the sprite is drawn by some icon, so the sprite carries no dead paths', () => {
    const drawn = icons.map(([, icon]) => {
      const Icon = icon as firstPaintIcons.Icon;
      const { container, unmount } = render(<Icon />);
      const id = container.querySelector('use')?.getAttribute('href')?.split('#')[1];
      unmount();
      return id;
    });
    expect(new Set(drawn)).toEqual(SYMBOL_IDS);
  });

  it('is hidden from assistive technology unless labelled, and an image with its label when labelled', () => {
    const { container } = render(
      <>
        <firstPaintIcons.LockIcon size={12} />
        <firstPaintIcons.LockIcon aria-label="Private" />
      </>,
    );
    expect(container.querySelectorAll('svg')[0]).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelectorAll('svg')[0]).toHaveAttribute('width', '12');
    expect(screen.getByRole('img', { name: 'Private' })).not.toHaveAttribute('aria-hidden');
  });
});
