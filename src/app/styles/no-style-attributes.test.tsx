/**
 * Markup the service renders is HTML, where the page's CSP (`style-src 'self'`)
 * refuses every `style` attribute, and hydration does not write back one it
 * thinks is there (issue 48): the list's and the issue view's pieces must
 * carry their data-dependent styles as classes, whose rules the renderer's
 * collecting sink hands the page's `<style>` element.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createMemoryEtagStore } from '../api/etag-store';
import { AppProviders } from '../app-providers';
import { createAppServices } from '../app-services';
import { Avatar } from '../components/avatar';
import { BarFill } from '../components/bar-fill';
import { LockIcon } from '../components/icons';
import { LabelPill } from '../components/label-pill';
import { IssueListSkeleton } from '../features/issues/issue-list-states';
import { createSafeStorage } from '../storage/safe-storage';
import { createFakeApi, makeIssue, makeLabel, makeUser, ok, rateLimitOverview, TEST_BASE_URL } from '../../../test-support/app/fake-api';
import { issue as viewedIssue } from '../../../test-support/app/issue-view-fixtures';
import { MemoryStorage, renderApp } from '../../../test-support/app/render-app';
import { collectingSink, dynamicClass, StyleRuleSinkContext, type Declarations } from './dynamic-classes';

const RENDERED = { timeout: 10_000 };

/** `children` rendered to HTML as the service's renderer renders them: with the app's providers and a collecting sink. */
function renderAsService(children: ReactNode): { html: string; css: string } {
  const { factory } = createFakeApi(() => undefined);
  const services = createAppServices({
    local: createSafeStorage('local', () => new MemoryStorage()),
    session: createSafeStorage('session', () => new MemoryStorage()),
    defaultBaseUrl: TEST_BASE_URL,
    etagStore: createMemoryEtagStore(),
    createClient: factory,
  });
  const sink = collectingSink();
  const html = renderToString(
    <AppProviders services={services}>
      <StyleRuleSinkContext.Provider value={sink}>
        <MemoryRouter>{children}</MemoryRouter>
      </StyleRuleSinkContext.Provider>
    </AppProviders>,
  );
  return { html, css: sink.css() };
}

const parent = makeIssue(7, {
  title: 'Launch pad checklist',
  labels: [makeLabel('bug', 'd73a4a'), makeLabel('docs', '0075ca')],
  body: '- [x] fuel\n- [ ] count down\n- [x] ignite',
  assignees: [{ ...makeUser('carol'), avatar_url: 'https://avatars.githubusercontent.com/u/3' }],
  sub_issues_summary: { total: 6, completed: 3, percent_completed: 50 },
});

describe('markup the service renders', () => {
  it('has no style attribute in the list’s and the issue view’s pieces, and hands the page the rules of their classes', () => {
    const { html, css } = renderAsService(
      <>
        <LabelPill name="bug" color="d73a4a" />
        <Avatar login="carol" url="https://avatars.githubusercontent.com/u/3" size={20} />
        <Avatar login="ghost" url={null} size={36} />
        <span role="meter" aria-label="Tasks done">
          <BarFill className="bg-open" percent={(2 / 3) * 100} />
        </span>
        <IssueListSkeleton rows={3} />
        <LockIcon aria-label="Private" />
      </>,
    );
    expect(html).toContain('aria-label="Private"');
    expect(html).not.toMatch(/\sstyle="/);

    // The label's colours: a class on the pill, its rule in what the page's <style> carries.
    const bug = dynamicClass({ 'background-color': '#d73a4a', color: '#ffffff' });
    expect(html).toMatch(new RegExp(`class="[^"]*\\b${bug.className}\\b[^"]*"><span class="truncate">bug</span>`));
    expect(css).toContain(`.${bug.className}{background-color:#d73a4a;color:#ffffff}`);
    // Sizes and widths too, each rule once: the avatars, 2 of 3 tasks (a whole percent), the skeleton's second title.
    const expected: Declarations[] = [{ width: '20px', height: '20px' }, { width: '36px', height: '36px' }, { width: '67%' }, { width: '82%' }];
    for (const declarations of expected) {
      const { className, css: rule } = dynamicClass(declarations);
      expect(html).toContain(className);
      expect(css.split('\n').filter((line) => line === `.${className}{${rule}}`)).toHaveLength(1);
    }
  });

  it('gives a label pill its colours as a class whose rule names them', () => {
    const { html, css } = renderAsService(<LabelPill name="question" color="D876E3" />);
    const { className } = dynamicClass({ 'background-color': '#d876e3', color: '#1f2328' });
    expect(html).toContain(className);
    expect(css).toBe(`.${className}{background-color:#d876e3;color:#1f2328}`);
  });
});

describe('the pages in the browser', () => {
  it('set no style attribute on the paged list: header, repository, filters and rows', async () => {
    const { container } = renderApp(['/acme/rocket/issues?q=is%3Aopen'], {
      handler: (url) => {
        if (url.pathname.endsWith('/rate_limit')) return ok(rateLimitOverview(3712, 5000));
        if (url.pathname.endsWith('/repos/acme/rocket/issues')) return ok([parent]);
        return undefined;
      },
    });
    await screen.findByRole('link', { name: /Launch pad checklist/ }, RENDERED);
    // The gauge's bar, 3,712 of 5,000 requests left, and the row's bars are drawn by classes.
    const meter = await screen.findByRole('meter', { name: 'Requests left' }, RENDERED);
    await waitFor(() => expect(meter.firstElementChild).toHaveClass(dynamicClass({ width: '74%' }).className), RENDERED);
    expect(within(container).getByText('bug')).toBeInTheDocument();
    expect(within(container).getByLabelText('Sub-issues: 3 of 6 completed')).toBeInTheDocument();
    expect(container.querySelectorAll('[style]')).toHaveLength(0);
  });

  it('set no style attribute on the issue view', async () => {
    const viewed = { ...viewedIssue, sub_issues_summary: { total: 4, completed: 1, percent_completed: 25 } };
    const { container } = renderApp(['/acme/rocket/issues/12'], {
      handler: (url) => (url.pathname.endsWith('/repos/acme/rocket/issues/12') ? ok(viewed) : undefined),
    });
    await screen.findByRole('heading', { level: 1, name: /Rocket explodes on launch/ }, RENDERED);
    const progress = await screen.findByRole('progressbar', { name: 'Sub-issues completed' }, RENDERED);
    expect(progress.firstElementChild).toHaveClass(dynamicClass({ width: '25%' }).className);
    expect(container.querySelectorAll('[style]')).toHaveLength(0);
  });
});
