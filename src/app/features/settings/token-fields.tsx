/** The token card's fields: the masked token input with Show/Hide, and where to keep the token. */
import { EyeClosedIcon, EyeIcon } from '@primer/octicons-react';
import { useId, type RefObject } from 'react';
import { useAppServices } from '../../services/app-services-context';
import type { TokenPersistence } from '../../services/connection-settings';
import { tokenPlaceholder } from './token-placeholder';

export function TokenField({ inputRef, baseUrl, replacing, revealed, onReveal, onInput }: {
  inputRef: RefObject<HTMLInputElement | null>;
  baseUrl: string;
  /** a token is saved: the field replaces it */
  replacing: boolean;
  revealed: boolean;
  onReveal: (revealed: boolean) => void;
  /** the field's trimmed value, on every change */
  onInput: (value: string) => void;
}) {
  const { defaultBaseUrl } = useAppServices();
  const id = useId();
  return (
    <div>
      <label htmlFor={`${id}-token`} className="mb-1 block font-semibold">
        {replacing ? 'Replace the token' : 'Token'}
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
          placeholder={replacing ? 'Paste a new token' : tokenPlaceholder(baseUrl, defaultBaseUrl)}
          className="input font-mono"
          aria-describedby={`${id}-scope`}
          onChange={(event) => onInput(event.currentTarget.value.trim())}
        />
        <button type="button" className="btn" aria-pressed={revealed} aria-controls={`${id}-token`} onClick={() => onReveal(!revealed)}>
          {revealed ? <EyeClosedIcon size={16} aria-hidden="true" /> : <EyeIcon size={16} aria-hidden="true" />}
          {revealed ? 'Hide' : 'Show'}
        </button>
      </div>
      <p id={`${id}-scope`} className="mt-1 text-xs text-fg-muted">
        Sent only to {baseUrl.replace(/^https?:\/\//, '')} in the Authorization header; never put in a URL.
      </p>
    </div>
  );
}

export function KeepChoice({ keep, onChange }: { keep: TokenPersistence; onChange: (keep: TokenPersistence) => void }) {
  return (
    <fieldset>
      <legend className="mb-1 font-semibold">Keep it</legend>
      <div className="flex flex-col gap-1.5 sm:flex-row sm:gap-6">
        <label className="inline-flex items-center gap-2">
          <input type="radio" name="keep" value="session" checked={keep === 'session'} onChange={() => onChange('session')} className="accent-(--color-accent)" />
          This tab only
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="radio" name="keep" value="device" checked={keep === 'device'} onChange={() => onChange('device')} className="accent-(--color-accent)" />
          Remember on this device
        </label>
      </div>
    </fieldset>
  );
}
