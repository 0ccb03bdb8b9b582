import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BadCredentialsError, NetworkError, RateLimitedError, ServerError } from '../api/api-errors';
import { clockTime } from '../lib/time-format';
import { makeUser, ok, rateLimitOverview, TEST_BASE_URL } from '../../../test-support/app/fake-api';
import { MemoryStorage, renderApp } from '../../../test-support/app/render-app';

const SECRET = 'github_pat_11SECRETSECRETSECRET1234';

describe('the settings panel', () => {
  it('masks the token, shows it on request, and never writes it into the page HTML', async () => {
    const user = userEvent.setup();
    renderApp(['/settings']);
    const input = await screen.findByLabelText('Token');
    expect(input).toHaveAttribute('type', 'password');
    await user.type(input, SECRET);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(input).toHaveAttribute('type', 'password');
    expect(document.documentElement.outerHTML).not.toContain(SECRET);
  });

  it('explains the scope a token needs', async () => {
    renderApp(['/settings']);
    expect(
      await screen.findByText(/A fine-grained token with access to the repositories you want and the Issues permission set to read-only\./),
    ).toBeInTheDocument();
  });

  it('shows the exact Bad credentials failure when a token is tested and refused', async () => {
    const user = userEvent.setup();
    renderApp(['/settings'], { handler: (url) => (url.pathname.endsWith('/user') ? new BadCredentialsError('Bad credentials', 401) : undefined) });
    await user.type(await screen.findByLabelText('Token'), 'expired-token');
    await user.click(screen.getByRole('button', { name: 'Test token' }));
    expect(await screen.findByRole('heading', { name: 'Bad credentials' })).toBeInTheDocument();
    expect(screen.getByText('Bad credentials: your token is invalid, expired or revoked.')).toBeInTheDocument();
  });

  it('offers no way to open Settings when a tested token is refused on the Settings page itself', async () => {
    const user = userEvent.setup();
    renderApp(['/settings'], { handler: (url) => (url.pathname.endsWith('/user') ? new BadCredentialsError('Bad credentials', 401) : undefined) });
    await user.type(await screen.findByLabelText('Token'), 'expired-token');
    await user.click(screen.getByRole('button', { name: 'Test token' }));
    const panel = (await screen.findByRole('heading', { name: 'Bad credentials' })).closest('section')!;
    expect(within(panel).queryByRole('link', { name: 'Open Settings' })).not.toBeInTheDocument();
    expect(panel).toHaveTextContent('Check that the whole token was pasted, or create a new one');
  });

  it('checks a token before saving it: a refused one is not saved, with no way to save it anyway', async () => {
    const user = userEvent.setup();
    const { services, api } = renderApp(['/settings'], { handler: (url) => (url.pathname.endsWith('/user') ? new BadCredentialsError('Bad credentials', 401) : undefined) });
    await user.type(await screen.findByLabelText('Token'), 'isc_pat_expired');
    await user.click(screen.getByRole('button', { name: 'Save token' }));

    const refusal = await screen.findByText(/the service refused this token/);
    expect(refusal.closest('[role="alert"]')).toHaveTextContent(
      'Not saved: the service refused this token (401 Bad credentials): it is mistyped, expired or revoked. Paste the whole token, or create a new one.',
    );
    expect(await screen.findByRole('heading', { name: 'Bad credentials' })).toBeInTheDocument();
    expect(services.settings.getSnapshot().token).toBeNull();
    expect(screen.queryByText(/Token saved/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save anyway' })).not.toBeInTheDocument();
    expect(api.calls.some((u) => new URL(u).pathname.endsWith('/user'))).toBe(true);
  });

  it('saves a token the service accepts and says whose it is', async () => {
    const user = userEvent.setup();
    const { services } = renderApp(['/settings'], { handler: (url) => (url.pathname.endsWith('/user') ? ok(makeUser('mona')) : undefined) });
    await user.type(await screen.findByLabelText('Token'), SECRET);
    await user.click(screen.getByRole('button', { name: 'Save token' }));
    expect(await screen.findByText('Token saved for this tab only.')).toBeInTheDocument();
    expect(services.settings.getSnapshot().token).toBe(SECRET);
    expect(screen.getByText(/This token belongs to/).closest('[role="status"]')).toHaveTextContent('This token belongs to mona.');
  });

  const RESET_MS = Date.parse('2030-01-01T14:05:00Z');
  it.each([
    ['its rate limit is spent', () => new RateLimitedError('API rate limit exceeded', 403, 'primary', RESET_MS, null, null), `Not saved: the service could not check this token because its rate limit is spent (403). Try again at ${clockTime(RESET_MS)}.`],
    ['it asks to slow down', () => new RateLimitedError('You have exceeded a secondary rate limit', 429, 'secondary', RESET_MS, null, null), `Not saved: the service could not check this token because the service asked to slow down (429). Try again at ${clockTime(RESET_MS)}.`],
    ['it cannot be reached', () => new NetworkError('offline'), `Not saved: can't reach ${TEST_BASE_URL} to check this token. Check your connection and the service address, then try again.`],
    ['it fails', () => new ServerError('Service Unavailable', 503), 'Not saved: the service failed (503) while checking this token. Try again in a moment.'],
  ])('does not save a token it could not check because %s, and says so', async (_why, failure, message) => {
    const user = userEvent.setup();
    const { services } = renderApp(['/settings'], { handler: (url) => (url.pathname.endsWith('/user') ? failure() : undefined) });
    await user.type(await screen.findByLabelText('Token'), SECRET);
    await user.click(screen.getByRole('button', { name: 'Save token' }));
    expect(await screen.findByText(/^Not saved:/)).toHaveTextContent(message);
    expect(services.settings.getSnapshot().token).toBeNull();
    expect(screen.queryByText(/Token saved/)).not.toBeInTheDocument();
  });

  it('hints at the shape of the tokens of the service in use', async () => {
    const user = userEvent.setup();
    renderApp(['/settings']);
    expect(await screen.findByLabelText('Token')).toHaveAttribute('placeholder', 'isc_pat_…');
    await user.click(screen.getByRole('radio', { name: /^GitHub https/ }));
    await user.click(screen.getByRole('button', { name: 'Use this service' }));
    await waitFor(() => expect(screen.getByLabelText('Token')).toHaveAttribute('placeholder', 'github_pat_…'));
  });

  it('shows who a token belongs to and the rate limit it gets', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    const { api } = renderApp(['/settings'], {
      handler: (url) => {
        if (url.pathname.endsWith('/user')) return ok({ ...makeUser('octocat'), name: 'The Octocat' });
        if (url.pathname.endsWith('/rate_limit')) return ok(rateLimitOverview(4999, 5000));
        return undefined;
      },
    });
    await user.type(await screen.findByLabelText('Token'), SECRET);
    await user.click(screen.getByRole('button', { name: 'Test token' }));
    const result = await screen.findByText(/This token belongs to/);
    expect(result.closest('[role="status"]')).toHaveTextContent('This token belongs to octocat (The Octocat).');
    expect(screen.getByText(/5,000 requests per window, 4,999 left/)).toBeInTheDocument();
    seen.push(...api.calls);
    // Never in a URL.
    expect(seen.some((u) => u.includes(SECRET))).toBe(false);
  });

  it('saves a token for this tab by default, or on this device, and removes it', async () => {
    const user = userEvent.setup();
    const { services } = renderApp(['/settings']);
    await user.type(await screen.findByLabelText('Token'), SECRET);
    expect(screen.getByRole('radio', { name: 'This tab only' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save token' }));
    expect(services.settings.getSnapshot()).toMatchObject({ token: SECRET, persistence: 'session' });
    expect(await screen.findByText('Token saved for this tab only.')).toBeInTheDocument();
    expect(screen.getByText('••••1234')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Remember on this device' }));
    await user.click(screen.getByRole('button', { name: 'Save token' }));
    expect(services.settings.getSnapshot()).toMatchObject({ token: SECRET, persistence: 'device' });

    await user.click(screen.getByRole('button', { name: 'Remove token' }));
    expect(services.settings.getSnapshot().token).toBeNull();
    expect(await screen.findByText('Token removed.')).toBeInTheDocument();
  });

  it('forgets, with a removed token, the private repositories it opened and their saved views, and keeps the public ones', async () => {
    const user = userEvent.setup();
    const device = new MemoryStorage();
    device.setItem('issuescope.recentRepos', JSON.stringify([
      { fullName: 'acme/secret-plans', description: 'Launch dates', private: true, visitedAt: 2 },
      { fullName: 'acme/rocket', description: 'The rocket', private: false, visitedAt: 1 },
    ]));
    device.setItem('issuescope.savedViews', JSON.stringify([
      { id: 'v1', name: 'Secret bugs', owner: 'Acme', repo: 'Secret-Plans', search: '?q=label%3Abug', savedAt: 1 },
      { id: 'v2', name: 'Rocket bugs', owner: 'acme', repo: 'rocket', search: '?q=label%3Abug', savedAt: 1 },
    ]));
    const { router } = renderApp(['/settings'], { token: SECRET, localStorage: device });
    await user.click(await screen.findByRole('button', { name: 'Remove token' }));
    expect(await screen.findByText('Token removed.')).toBeInTheDocument();

    await act(() => router.navigate('/'));
    const recent = await screen.findByRole('region', { name: 'Recent repositories' });
    expect(within(recent).getByRole('link', { name: 'acme/rocket' })).toBeInTheDocument();
    expect(within(recent).queryByRole('link', { name: 'acme/secret-plans' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rocket bugs' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Secret bugs' })).not.toBeInTheDocument();
    // Gone from the device too, not only from the page.
    expect(device.getItem('issuescope.recentRepos')).not.toContain('secret-plans');
    expect(device.getItem('issuescope.savedViews')).not.toContain('Secret');
  });

  it('switches the service, validating the address, and starts from a clean cache', async () => {
    const user = userEvent.setup();
    const { services } = renderApp(['/settings']);
    const identityBefore = services.connection.getSnapshot().identity;
    await user.click(await screen.findByRole('radio', { name: /Another address/ }));
    const address = screen.getByLabelText('API address');
    await user.type(address, 'https://user:pw@issues.example.com/api');
    await user.click(screen.getByRole('button', { name: 'Use this service' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Leave credentials out of the address');
    expect(address).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('radio', { name: /GitHub Enterprise Server/ }));
    await user.type(screen.getByLabelText('Host name'), 'github.example.com');
    await user.click(screen.getByRole('button', { name: 'Use this service' }));
    await waitFor(() => expect(services.settings.getSnapshot().baseUrl).toBe('https://github.example.com/api/v3'));
    expect(services.connection.getSnapshot().identity).not.toBe(identityBefore);
    expect(services.connection.getSnapshot().identity).not.toContain('token');

    await user.click(screen.getByRole('radio', { name: /^GitHub https/ }));
    await user.click(screen.getByRole('button', { name: 'Use this service' }));
    await waitFor(() => expect(services.settings.getSnapshot().baseUrl).toBe('https://api.github.com'));
    await user.click(screen.getByRole('radio', { name: /This service/ }));
    await user.click(screen.getByRole('button', { name: 'Use this service' }));
    await waitFor(() => expect(services.settings.getSnapshot().baseUrl).toBe(TEST_BASE_URL));
  });

  it('raises a notice across the app when the saved token is refused', async () => {
    renderApp(['/acme/rocket/issues'], {
      token: 'revoked',
      handler: (url) => (url.pathname.endsWith('/issues') ? new BadCredentialsError('Bad credentials', 401) : undefined),
    });
    const banner = await screen.findByText(/your token is invalid, expired or revoked\./, { selector: 'p' , ignore: 'section *'});
    expect(within(banner).getByRole('link', { name: 'Update it in Settings' })).toHaveAttribute('href', '/settings');
  });

  it('refuses an address this deployment\'s security policy would block, and says how to allow it', async () => {
    const user = userEvent.setup();
    const connectPolicy = { selfOrigin: new URL(TEST_BASE_URL).origin, allowedOrigins: ['https://api.github.com', 'https://ghe.example.com'] };
    const { services } = renderApp(['/settings'], { connectPolicy });
    expect(await screen.findByText(/This deployment lets the app reach/)).toHaveTextContent('https://ghe.example.com');

    await user.click(screen.getByRole('radio', { name: /Another address/ }));
    await user.type(screen.getByLabelText('API address'), 'https://issues.example.org/api');
    await user.click(screen.getByRole('button', { name: 'Use this service' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('its security policy would block every request to https://issues.example.org');
    expect(alert).toHaveTextContent('--api-origin https://issues.example.org');
    expect(services.settings.getSnapshot().baseUrl).toBe(TEST_BASE_URL);

    // An allowed origin is taken, whatever its path.
    await user.click(screen.getByRole('radio', { name: /GitHub Enterprise Server/ }));
    await user.type(screen.getByLabelText('Host name'), 'ghe.example.com');
    await user.click(screen.getByRole('button', { name: 'Use this service' }));
    await waitFor(() => expect(services.settings.getSnapshot().baseUrl).toBe('https://ghe.example.com/api/v3'));
  });
});
