/**
 * Which service the app talks to: this one, GitHub, a GitHub Enterprise host or
 * any address that speaks the endpoint, checked before it is saved: its form,
 * this deployment's security policy, and for a typed address whether it
 * answers as a GitHub API at all (check-api-address.ts).
 */
import { CheckCircleIcon, ServerIcon } from '@primer/octicons-react';
import { useId, useState, type ReactNode } from 'react';
import { useAppServices } from '../../services/app-services-context';
import { checkApiAddress } from './check-api-address';
import { disallowedBaseUrlMessage, isAllowedBaseUrl } from '../../services/connect-policy';
import { validateBaseUrl } from '../../services/connection-settings';
import { SettingsCard } from './settings-card';

const GITHUB_API = 'https://api.github.com';
const ENTERPRISE_PATH = '/api/v3';

type ServiceChoice = 'this' | 'github' | 'enterprise' | 'custom';

function choiceOf(baseUrl: string, defaultBaseUrl: string): { choice: ServiceChoice; host: string; custom: string } {
  if (baseUrl === defaultBaseUrl) return { choice: 'this', host: '', custom: '' };
  if (baseUrl === GITHUB_API) return { choice: 'github', host: '', custom: '' };
  const enterprise = /^https:\/\/([^/]+)\/api\/v3$/.exec(baseUrl);
  if (enterprise) return { choice: 'enterprise', host: enterprise[1]!, custom: '' };
  return { choice: 'custom', host: '', custom: baseUrl };
}

export function ServiceForm({ baseUrl, defaultBaseUrl }: { baseUrl: string; defaultBaseUrl: string }) {
  const { settings, connectPolicy, createProbeClient } = useAppServices();
  const initial = choiceOf(baseUrl, defaultBaseUrl);
  const [choice, setChoice] = useState<ServiceChoice>(initial.choice);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [checking, setChecking] = useState(false);
  const id = useId();

  async function choose(value: string, typed: boolean): Promise<void> {
    // The app's own service and GitHub are known; a typed address is asked once whether it is a GitHub API.
    if (typed && value !== defaultBaseUrl) {
      setChecking(true);
      const check = await checkApiAddress(createProbeClient(value, null), value, defaultBaseUrl).catch((error: unknown) => ({
        ok: false as const,
        message: `${value} could not be checked: ${error instanceof Error ? error.message : String(error)}`,
      }));
      setChecking(false);
      if (!check.ok) {
        setError(check.message);
        return;
      }
    }
    setError(null);
    settings.setBaseUrl(value);
    setSaved(true);
  }

  const options: { value: ServiceChoice; label: string; hint: ReactNode }[] = [
    { value: 'this', label: 'This service', hint: <code className="break-all">{defaultBaseUrl}</code> },
    { value: 'github', label: 'GitHub', hint: <code>{GITHUB_API}</code> },
    { value: 'enterprise', label: 'GitHub Enterprise Server', hint: <code>https://HOST{ENTERPRISE_PATH}</code> },
    { value: 'custom', label: 'Another address', hint: 'Any GitHub-compatible API' },
  ];

  return (
    <SettingsCard icon={<ServerIcon size={16} aria-hidden="true" />} title="Service" labelledBy={`${id}-title`}>
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
          void choose(checked.value, choice === 'enterprise' || choice === 'custom');
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
          <button type="submit" className="btn btn-primary" disabled={checking}>
            {checking ? 'Checking the address…' : 'Use this service'}
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
    </SettingsCard>
  );
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
