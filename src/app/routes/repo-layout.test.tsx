import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRepository, ok } from '../testing/fake-api';
import { renderApp } from '../testing/render-app';

const LONG = `Ship to every region with one command. ${'It also does a great many other things worth a sentence each. '.repeat(4)}`;

describe('the repository heading', () => {
  it('shows the visibility, the count and the description once the repository answers, the whole description in its title', async () => {
    renderApp(['/acme/rocket/issues'], {
      handler: (url) => (url.pathname.endsWith('/repos/acme/rocket') ? ok({ ...makeRepository('acme', 'rocket'), description: LONG, open_issues_count: 1605 }) : undefined),
    });
    expect(await screen.findByText('1,605 open issues and pull requests')).toBeInTheDocument();
    expect(screen.getByText('Public')).toBeInTheDocument();
    const description = screen.getByText(LONG.trim());
    // Cut to its reserved lines on screen; nothing lost for a pointer or a screen reader.
    expect(description).toHaveAttribute('title', LONG);
  });

  it('keeps the heading readable while the repository has not answered', async () => {
    renderApp(['/acme/rocket/issues'], {
      handler: (url) => (url.pathname.endsWith('/repos/acme/rocket') ? new Promise<never>(() => {}) : undefined),
    });
    expect(await screen.findByRole('heading', { level: 1, name: /acme\s*\/\s*rocket/ })).toBeInTheDocument();
    expect(screen.queryByText('Public')).not.toBeInTheDocument();
    expect(screen.queryByText(/open issues and pull requests/)).not.toBeInTheDocument();
  });
});
