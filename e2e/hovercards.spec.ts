/**
 * Journey: read an issue whose description names another issue (`#N`) and a person
 * (`@login`); rest the pointer on each, or reach it with the keyboard, and a card says what
 * it is, fetched once: asked again within the answer's max-age, it costs no request.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startE2eService } from './support/service';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

interface Found {
  number: number;
  reference: number;
  login: string;
}

/** An open issue of acme/rocket whose body names another issue and a person the service knows, found through the API. */
async function issueWithReferences(): Promise<Found> {
  const issues = (await (await fetch(`${service.api}/repos/acme/rocket/issues?per_page=100`)).json()) as Array<{ number: number; body: string | null }>;
  for (const issue of issues) {
    const body = issue.body ?? '';
    const reference = /(?<![\w/@#.`-])#(\d+)\b/.exec(body)?.[1];
    const login = /(?<![\w/@#.`-])@([A-Za-z\d-]+)\b/.exec(body)?.[1];
    if (!reference || !login || Number(reference) === issue.number) continue;
    if ((await fetch(`${service.api}/users/${login}`)).status === 200) return { number: issue.number, reference: Number(reference), login };
  }
  throw new Error('the demo has no open acme/rocket issue naming another issue and a known person');
}

function countRequests(page: Page, pathname: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathname) count++;
  });
  return () => count;
}

test('issue and person hovercards show on hover and focus, once per max-age, and go with Escape', async ({ page }) => {
  const found = await issueWithReferences();
  const referenced = (await (await fetch(`${service.api}/repos/acme/rocket/issues/${found.reference}`)).json()) as { title: string };
  const person = (await (await fetch(`${service.api}/users/${found.login}`)).json()) as { login: string; name: string | null };
  const issueRequests = countRequests(page, `/api/repos/acme/rocket/issues/${found.reference}`);
  const userRequests = countRequests(page, `/api/users/${found.login}`);

  await page.goto(`${service.origin}/acme/rocket/issues/${found.number}`);
  const reference = page.getByRole('link', { name: `#${found.reference}`, exact: true }).first();
  const mention = page.getByRole('link', { name: `@${found.login}`, exact: true }).first();
  await expect(reference).toBeVisible();
  expect(issueRequests()).toBe(0);

  // Hover: the issue's card, beside the link, without moving anything on the page.
  await reference.scrollIntoViewIfNeeded();
  const before = await reference.boundingBox();
  await reference.hover();
  const issueCard = page.getByRole('tooltip', { name: `Preview of acme/rocket#${found.reference}` });
  await expect(issueCard).toBeVisible();
  await expect(issueCard).toContainText(referenced.title);
  await expect(issueCard).toContainText(`acme/rocket #${found.reference}`);
  expect(await reference.boundingBox()).toEqual(before);
  await expect(reference).toHaveAttribute('aria-describedby', (await issueCard.getAttribute('id')) ?? 'missing');

  // Away and back: the card comes again from what was fetched.
  await page.getByRole('heading', { level: 1 }).hover();
  await expect(issueCard).toBeHidden();
  await reference.hover();
  await expect(issueCard).toContainText(referenced.title);
  expect(issueRequests()).toBe(1);
  await page.getByRole('heading', { level: 1 }).hover();
  await expect(issueCard).toBeHidden();

  // Keyboard: focus shows the person's card, Escape dismisses it, focus again shows it unasked.
  await mention.focus();
  const personCard = page.getByRole('tooltip', { name: `Preview of @${found.login}` });
  await expect(personCard).toBeVisible();
  await expect(personCard).toContainText(person.login);
  if (person.name) await expect(personCard).toContainText(person.name);
  // What axe holds every page to (e2e/accessibility.spec.ts), with a card open.
  const axe = await new AxeBuilder({ page }).include('[role="tooltip"]').options({ rules: { 'target-size': { enabled: true } } }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(personCard).toBeHidden();
  await expect(mention).not.toHaveAttribute('aria-describedby', /.+/);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(mention).toBeFocused();
  await expect(personCard).toContainText(person.login);
  expect(userRequests()).toBe(1);
  expect(issueRequests()).toBe(1);
});

test("a reference in the issue's title and a person in its header have cards too", async ({ page }) => {
  const issues = (await (await fetch(`${service.api}/repos/acme/rocket/issues?state=all&per_page=100`)).json()) as Array<{ number: number; title: string; user: { login: string } }>;
  const titled = issues.find((issue) => /(?<![\w/@#.-])#\d+\b/.test(issue.title));
  if (!titled) throw new Error('the demo has no acme/rocket issue whose title names another');
  const named = Number(/#(\d+)/.exec(titled.title)?.[1]);

  await page.goto(`${service.origin}/acme/rocket/issues/${titled.number}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading.getByRole('link', { name: `#${named}`, exact: true })).toBeVisible();
  // The title's links keep the heading within axe's rules (contrast, names), in light and dark.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const axe = await new AxeBuilder({ page }).include('h1').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), colorScheme).toEqual([]);
  }
  await heading.getByRole('link', { name: `#${named}`, exact: true }).hover();
  await expect(page.getByRole('tooltip', { name: `Preview of acme/rocket#${named}` })).toBeVisible();
  await page.keyboard.press('Escape');

  const author = page.getByRole('link', { name: `Issues and pull requests by ${titled.user.login}`, exact: true }).first();
  await author.focus();
  await expect(page.getByRole('tooltip', { name: `Preview of @${titled.user.login}` })).toContainText(titled.user.login);
});
