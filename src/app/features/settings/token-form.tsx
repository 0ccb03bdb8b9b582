/**
 * The token card of Settings. The token stays out of URLs, logs, the page's
 * HTML and query keys: its input is uncontrolled (React would mirror a
 * controlled value into an attribute) and read only when saved or tested.
 *
 * Saving checks the token first, as `gh auth login` does, and keeps only a
 * token the service accepted (`GET /user` answered): one it refuses (401 Bad
 * credentials) would fail every request, public repositories included, and
 * one it could not check (rate limit spent, unreachable, failing) may be such
 * a token. Each answer says why it was not saved (token-refusal.ts).
 */
import { KeyIcon, TrashIcon } from '@primer/octicons-react';
import { useId, useRef, useState } from 'react';
import { ErrorPanel } from '../../components/error-panel';
import { useAppServices } from '../../services/app-services-context';
import type { TokenPersistence } from '../../services/connection-settings';
import { SettingsCard } from './settings-card';
import { KeepChoice, TokenField } from './token-fields';
import { tokenRefusal } from './token-refusal';
import { TokenTestSuccess } from './token-test-success';
import { useTokenTest } from './use-token-test';

export const TOKEN_SCOPE_HELP = 'A fine-grained token with access to the repositories you want and the Issues permission set to read-only.';

function tokenHint(token: string | null): string {
  if (!token) return '';
  return `••••${token.slice(-4)}`;
}

export function TokenForm({ baseUrl, token, persistence }: { baseUrl: string; token: string | null; persistence: TokenPersistence }) {
  const { settings } = useAppServices();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [keep, setKeep] = useState<TokenPersistence>(persistence);
  const [message, setMessage] = useState<string | null>(null);
  const [typed, setTyped] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const [checking, setChecking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const test = useTokenTest(() => ({ baseUrl, token: inputRef.current?.value.trim() || token || '' }));
  const canTest = typed || token !== null;

  function save(value: string): void {
    settings.setToken(value, keep);
    if (inputRef.current) inputRef.current.value = '';
    setTyped(false);
    setRevealed(false);
    setRefusal(null);
    setMessage(keep === 'device' ? 'Token saved on this device.' : 'Token saved for this tab only.');
  }

  async function checkAndSave(): Promise<void> {
    const value = inputRef.current?.value.trim() ?? '';
    if (value === '') {
      if (token === null) return setMessage('Paste a token first.');
      // An empty field with a saved token only changes where it is kept.
      test.reset();
      return save(token);
    }
    setMessage(null);
    setRefusal(null);
    setChecking(true);
    const refused = await test.mutateAsync().then(
      () => null,
      (error: unknown) => tokenRefusal(error, baseUrl),
    );
    setChecking(false);
    if (refused !== null) return setRefusal(refused);
    save(value);
  }

  return (
    <SettingsCard icon={<KeyIcon size={16} aria-hidden="true" />} title="Personal Access Token" labelledBy={`${id}-title`}>
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
          void checkAndSave();
        }}
      >
        <TokenField
          inputRef={inputRef}
          baseUrl={baseUrl}
          replacing={token !== null}
          revealed={revealed}
          onReveal={setRevealed}
          onInput={(value) => {
            setTyped(value !== '');
            setMessage(null);
            setRefusal(null);
            if (test.data || test.error) test.reset();
          }}
        />
        <KeepChoice keep={keep} onChange={setKeep} />

        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={checking}>
            {checking ? 'Checking the token…' : 'Save token'}
          </button>
          <button type="button" className="btn" disabled={!canTest || test.isPending} onClick={() => test.mutate()}>
            {test.isPending && !checking ? 'Testing…' : 'Test token'}
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
        {refusal !== null ? (
          <p role="alert" className="text-danger">
            {refusal}
          </p>
        ) : null}
        <p role="status" className="text-sm">
          {message}
        </p>
      </form>

      <div aria-live="polite">
        {test.data ? <TokenTestSuccess result={test.data} /> : null}
        {test.error ? <ErrorPanel error={test.error} headingLevel={3} /> : null}
      </div>
    </SettingsCard>
  );
}
