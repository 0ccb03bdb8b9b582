/**
 * `/settings`: which service to talk to, and the token to talk to it with.
 * The token stays out of URLs, logs, the page's HTML and query keys: its input
 * is uncontrolled (React would mirror a controlled value into an attribute)
 * and read only when saved or tested.
 */
import { CheckCircleIcon, EyeClosedIcon, EyeIcon, KeyIcon, ServerIcon, TrashIcon } from '@primer/octicons-react';
import { useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ErrorPanel } from '../components/error-panel';
import { Avatar } from '../components/avatar';
import { clockTime, formatCount } from '../components/time-format';
import { disallowedBaseUrlMessage, isAllowedBaseUrl } from '../features/settings/connect-policy';
import { validateBaseUrl, type TokenPersistence } from '../features/settings/connection-settings';
import { useTokenTest } from '../features/settings/use-token-test';
import { useAppServices } from '../services/app-services-context';
import { RouteError } from './route-error';

export const GITHUB_API = 'https://api.github.com';
const ENTERPRISE_PATH = '/api/v3';
const MS_PER_SECOND = 1000;
export const TOKEN_SCOPE_HELP = 'A fine-grained token with access to the repositories you want and the Issues permission set to read-only.';

type ServiceChoice = 'this' | 'github' | 'enterprise' | 'custom';

function choiceOf(baseUrl: string, defaultBaseUrl: string): { choice: ServiceChoice; host: string; custom: string } {
  if (baseUrl === defaultBaseUrl) return { choice: 'this', host: '', custom: '' };
  if (baseUrl === GITHUB_API) return { choice: 'github', host: '', custom: '' };
  const enterprise = /^https:\/\/([^/]+)\/api\/v3$/.exec(baseUrl);
  if (enterprise) return { choice: 'enterprise', host: enterprise[1]!, custom: '' };
  return { choice: 'custom', host: '', custom: baseUrl };
}

function tokenHint(token: string | null): string {
  if (!token) return '';
  return `••••${token.slice(-4)}`;
}

export function SettingsPage() {
  const { settings, defaultBaseUrl } = useAppServices();
  const snapshot = useSyncExternalStore(settings.subscribe, settings.getSnapshot);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <title>Settings · Issuescope</title>
      <h1 className="text-2xl font-semibold">Settings</h1>
      {/* Keyed by service: switching services starts the token form afresh, with that service's token. */}
      <ServiceForm baseUrl={snapshot.baseUrl} defaultBaseUrl={defaultBaseUrl} />
      <TokenForm key={snapshot.baseUrl} baseUrl={snapshot.baseUrl} token={snapshot.token} persistence={snapshot.persistence} />
    </div>
  );
}

function Card({ icon, title, children, labelledBy }: { icon: ReactNode; title: string; children: ReactNode; labelledBy: string }) {
  return (
    <section aria-labelledby={labelledBy} className="card">
      <h2 id={labelledBy} className="flex items-center gap-2 border-b border-line bg-canvas-subtle px-4 py-3 text-base font-semibold">
        {icon}
        {title}
      </h2>
      <div className="space-y-4 p-4">{children}</div>
    </section>
  );
}

function ServiceForm({ baseUrl, defaultBaseUrl }: { baseUrl: string; defaultBaseUrl: string }) {
  const { settings, connectPolicy } = useAppServices();
  const initial = choiceOf(baseUrl, defaultBaseUrl);
  const [choice, setChoice] = useState<ServiceChoice>(initial.choice);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const id = useId();

  const options: { value: ServiceChoice; label: string; hint: ReactNode }[] = [
    { value: 'this', label: 'This service', hint: <code className="break-all">{defaultBaseUrl}</code> },
    { value: 'github', label: 'GitHub', hint: <code>{GITHUB_API}</code> },
    { value: 'enterprise', label: 'GitHub Enterprise Server', hint: <code>https://HOST{ENTERPRISE_PATH}</code> },
    { value: 'custom', label: 'Another address', hint: 'Any GitHub-compatible API' },
  ];

  return (
    <Card icon={<ServerIcon size={16} aria-hidden="true" />} title="Service" labelledBy={`${id}-title`}>
      <form
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const input =
            choice === 'this'
              ? defaultBaseUrl
              : choice === 'github'
                ? GITHUB_API
                : choice === 'enterprise'
                  ? `https://${String(form.get('host') ?? '').trim().replace(/^https?:\/\//, '').replace(/\/+$/, '')}${ENTERPRISE_PATH}`
                  : String(form.get('custom') ?? '');
          if (choice === 'enterprise' && String(form.get('host') ?? '').trim() === '') {
            setError('Enter the host name of your GitHub Enterprise Server, for example github.example.com.');
            return;
          }
          const checked = validateBaseUrl(input);
          if (!checked.ok) {
            setError(checked.message);
            return;
          }
          // The browser would block every request to it (CSP connect-src): say so now, not as a network error later.
          if (!isAllowedBaseUrl(connectPolicy, checked.value)) {
            setError(disallowedBaseUrlMessage(connectPolicy, checked.value));
            return;
          }
          setError(null);
          settings.setBaseUrl(checked.value);
          setSaved(true);
        }}
      >
        <fieldset className="space-y-2">
          <legend className="mb-2 font-semibold">Where the issues come from</legend>
          {options.map((option) => (
            <div key={option.value}>
              <label className="flex cursor-pointer items-start gap-2 rounded-md border border-line p-3 has-checked:border-accent has-checked:bg-accent-subtle/40">
                <input
                  type="radio"
                  name="service"
                  value={option.value}
                  checked={choice === option.value}
                  onChange={() => {
                    setChoice(option.value);
                    setSaved(false);
                    setError(null);
                  }}
                  className="mt-1 accent-(--color-accent)"
                />
                <span className="min-w-0">
                  <span className="block font-medium">{option.label}</span>{' '}
                  <span className="block text-xs text-fg-muted">{option.hint}</span>
                </span>
              </label>
              {option.value === 'enterprise' && choice === 'enterprise' ? (
                <AddressInput id={`${id}-host`} name="host" label="Host name" defaultValue={initial.host} placeholder="github.example.com" errorId={error ? `${id}-error` : null} />
              ) : null}
              {option.value === 'custom' && choice === 'custom' ? (
                <AddressInput id={`${id}-custom`} name="custom" label="API address" type="url" defaultValue={initial.custom} placeholder="https://issues.example.com/api" errorId={error ? `${id}-error` : null} />
              ) : null}
            </div>
          ))}
        </fieldset>
        {connectPolicy.allowedOrigins !== null ? (
          <p className="text-xs text-fg-muted">
            This deployment lets the app reach{' '}
            {[connectPolicy.selfOrigin, ...connectPolicy.allowedOrigins].map((origin, index) => (
              <span key={origin}>
                {index > 0 ? ', ' : null}
                <code className="break-all">{origin}</code>
              </span>
            ))}
            .
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-danger">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn btn-primary">
            Use this service
          </button>
          <span className="text-xs text-fg-muted" role="status">
            {saved ? (
              <span className="inline-flex items-center gap-1 text-open">
                <CheckCircleIcon size={14} aria-hidden="true" /> Now using <code>{baseUrl}</code>
              </span>
            ) : (
              <>
                In use: <code className="break-all">{baseUrl}</code>
              </>
            )}
          </span>
        </div>
      </form>
    </Card>
  );
}

function TokenForm({ baseUrl, token, persistence }: { baseUrl: string; token: string | null; persistence: TokenPersistence }) {
  const { settings } = useAppServices();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [revealed, setRevealed] = useState(false);
  const [keep, setKeep] = useState<TokenPersistence>(persistence);
  const [message, setMessage] = useState<string | null>(null);
  const [typed, setTyped] = useState(false);

  const test = useTokenTest(() => ({ baseUrl, token: inputRef.current?.value.trim() || token || '' }));
  const canTest = typed || token !== null;

  return (
    <Card icon={<KeyIcon size={16} aria-hidden="true" />} title="Personal Access Token" labelledBy={`${id}-title`}>
      <p className="text-fg-muted">
        Optional for public repositories; it raises the rate limit and opens private ones. {TOKEN_SCOPE_HELP}
      </p>
      <p className="text-xs text-fg-muted" role="status">
        {token ? (
          <>
            A token (<span className="font-mono">{tokenHint(token)}</span>) is saved for <code className="break-all">{baseUrl}</code>,{' '}
            {persistence === 'device' ? 'remembered on this device' : 'for this tab only'}.
          </>
        ) : (
          <>
            No token for <code className="break-all">{baseUrl}</code>: public repositories only, with the lower anonymous rate limit.
          </>
        )}
      </p>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          const value = inputRef.current?.value.trim() ?? '';
          if (value === '' && token === null) {
            setMessage('Paste a token first.');
            return;
          }
          // An empty field with a saved token only changes where it is kept.
          settings.setToken(value === '' ? (token ?? '') : value, keep);
          if (inputRef.current) inputRef.current.value = '';
          setTyped(false);
          setRevealed(false);
          test.reset();
          setMessage(keep === 'device' ? 'Token saved on this device.' : 'Token saved for this tab only.');
        }}
      >
        <div>
          <label htmlFor={`${id}-token`} className="mb-1 block font-semibold">
            {token ? 'Replace the token' : 'Token'}
          </label>
          <div className="flex gap-2">
            <input
              ref={inputRef}
              id={`${id}-token`}
              name="token"
              type={revealed ? 'text' : 'password'}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              placeholder={token ? 'Paste a new token to replace the saved one' : 'github_pat_…'}
              className="input font-mono"
              aria-describedby={`${id}-scope`}
              onChange={(event) => {
                setTyped(event.currentTarget.value.trim() !== '');
                setMessage(null);
                if (test.data || test.error) test.reset();
              }}
            />
            <button
              type="button"
              className="btn"
              aria-pressed={revealed}
              aria-controls={`${id}-token`}
              onClick={() => setRevealed((shown) => !shown)}
            >
              {revealed ? <EyeClosedIcon size={16} aria-hidden="true" /> : <EyeIcon size={16} aria-hidden="true" />}
              {revealed ? 'Hide' : 'Show'}
            </button>
          </div>
          <p id={`${id}-scope`} className="mt-1 text-xs text-fg-muted">
            Sent only to {baseUrl.replace(/^https?:\/\//, '')} in the Authorization header; never put in a URL.
          </p>
        </div>

        <fieldset>
          <legend className="mb-1 font-semibold">Keep it</legend>
          <div className="flex flex-col gap-1.5 sm:flex-row sm:gap-6">
            <label className="inline-flex items-center gap-2">
              <input type="radio" name="keep" value="session" checked={keep === 'session'} onChange={() => setKeep('session')} className="accent-(--color-accent)" />
              This tab only
            </label>
            <label className="inline-flex items-center gap-2">
              <input type="radio" name="keep" value="device" checked={keep === 'device'} onChange={() => setKeep('device')} className="accent-(--color-accent)" />
              Remember on this device
            </label>
          </div>
        </fieldset>

        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary">
            Save token
          </button>
          <button type="button" className="btn" disabled={!canTest || test.isPending} onClick={() => test.mutate()}>
            {test.isPending ? 'Testing…' : 'Test token'}
          </button>
          {token ? (
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                settings.removeToken();
                test.reset();
                setMessage('Token removed.');
              }}
            >
              <TrashIcon size={16} aria-hidden="true" />
              Remove token
            </button>
          ) : null}
        </div>
        <p role="status" className="text-sm">
          {message}
        </p>
      </form>

      <div aria-live="polite">
        {test.data ? <TokenTestSuccess result={test.data} /> : null}
        {test.error ? <ErrorPanel error={test.error} headingLevel={3} /> : null}
      </div>
    </Card>
  );
}

function TokenTestSuccess({ result }: { result: NonNullable<ReturnType<typeof useTokenTest>['data']> }) {
  const { user, rateLimit } = result;
  return (
    <div role="status" className="flex items-center gap-3 rounded-md border border-open/40 bg-canvas-subtle p-3">
      <Avatar login={user.login} url={user.avatar_url} size={40} decorative />
      <div className="min-w-0">
        <p>
          <CheckCircleIcon size={16} aria-hidden="true" className="mr-1 inline text-open" />
          This token belongs to <strong>{user.login}</strong>
          {user.name ? <span className="text-fg-muted"> ({user.name})</span> : null}.
        </p>
        {rateLimit ? (
          <p className="text-xs text-fg-muted">
            Rate limit: {formatCount(rateLimit.limit)} requests per window, {formatCount(rateLimit.remaining)} left, resets at{' '}
            {clockTime(rateLimit.reset * MS_PER_SECOND)}.
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function SettingsError() {
  return <RouteError />;
}

/** The text field under a service choice (GHE host or custom address), tied to the form's error message. */
function AddressInput(props: { id: string; name: string; label: string; type?: 'text' | 'url'; defaultValue: string; placeholder: string; errorId: string | null }) {
  return (
    <div className="mt-2 ml-6">
      <label htmlFor={props.id} className="mb-1 block text-xs font-semibold">
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        type={props.type ?? 'text'}
        defaultValue={props.defaultValue}
        placeholder={props.placeholder}
        className="input"
        autoComplete="url"
        spellCheck={false}
        aria-invalid={props.errorId !== null || undefined}
        aria-describedby={props.errorId ?? undefined}
      />
    </div>
  );
}
