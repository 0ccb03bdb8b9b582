import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test-support/app/render-app';

/** The header's links, named as a screen reader reads them. */
async function headerLinks() {
  // The shell's header holds the main navigation (a page may have headers of its own).
  const header = (await screen.findByRole('navigation', { name: 'Main' })).closest('header')!;
  return {
    repository: () => within(header).getByRole('link', { name: /acme\s*\/\s*rocket/ }),
    settings: () => within(header).getByRole('link', { name: /Settings/ }),
  };
}

describe('the header marks the page the reader is on', () => {
  it('the repository link on its issue list, not Settings', async () => {
    renderApp(['/acme/rocket/issues']);
    const links = await headerLinks();
    expect(links.repository()).toHaveAttribute('aria-current', 'page');
    expect(links.settings()).not.toHaveAttribute('aria-current');
  });

  it('the repository link on one of its issues too', async () => {
    renderApp(['/acme/rocket/issues/7']);
    const links = await headerLinks();
    expect(links.repository()).toHaveAttribute('aria-current', 'page');
  });

  it('Settings on the settings page, in the bolder type', async () => {
    renderApp(['/settings']);
    const links = await headerLinks();
    expect(links.settings()).toHaveAttribute('aria-current', 'page');
    expect(links.settings()).toHaveClass('font-semibold');
  });
});
