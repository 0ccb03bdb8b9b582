import { describe, expect, it } from 'vitest';
import { createSafeStorage } from '../storage/safe-storage';
import { disallowedBaseUrlMessage, isAllowedBaseUrl, readConnectPolicy } from './connect-policy';
import { BASE_URL_STORAGE_KEY, createConnectionSettings } from './connection-settings';

const SELF = 'http://127.0.0.1:8080';

function pageWith(meta: string): Document {
  const doc = document.implementation.createHTMLDocument('app');
  doc.head.innerHTML = meta;
  return doc;
}

describe('the API origins this deployment allows', () => {
  it('are read from the page the service served', () => {
    const policy = readConnectPolicy(pageWith('<meta name="issuescope-connect-origins" content="https://api.github.com  http://127.0.0.1:9000">'), SELF);
    expect(policy.allowedOrigins).toEqual(['https://api.github.com', 'http://127.0.0.1:9000']);
    expect(isAllowedBaseUrl(policy, `${SELF}/api`)).toBe(true);
    expect(isAllowedBaseUrl(policy, 'https://api.github.com')).toBe(true);
    expect(isAllowedBaseUrl(policy, 'http://127.0.0.1:9000/api')).toBe(true);
    expect(isAllowedBaseUrl(policy, 'http://127.0.0.1:9001/api')).toBe(false);
    expect(isAllowedBaseUrl(policy, 'https://api.github.com.attacker.invalid')).toBe(false);
  });

  it('allow everything on a page that does not say (the dev server)', () => {
    const policy = readConnectPolicy(pageWith('<title>dev</title>'), SELF);
    expect(policy.allowedOrigins).toBeNull();
    expect(isAllowedBaseUrl(policy, 'https://anywhere.example')).toBe(true);
  });

  it('a refusal names what is allowed and the option that would allow the address', () => {
    const message = disallowedBaseUrlMessage({ selfOrigin: SELF, allowedOrigins: ['https://api.github.com'] }, 'https://ghe.example.com/api/v3');
    expect(message).toContain(`may only reach ${SELF}, https://api.github.com`);
    expect(message).toContain('--api-origin https://ghe.example.com.');
  });

  it('a remembered address the deployment no longer allows falls back to this service, and cannot be set', () => {
    localStorage.clear();
    localStorage.setItem(BASE_URL_STORAGE_KEY, 'https://old.example.com/api');
    const policy = { selfOrigin: SELF, allowedOrigins: ['https://api.github.com'] };
    const settings = createConnectionSettings({
      local: createSafeStorage('local'),
      session: createSafeStorage('session'),
      defaultBaseUrl: `${SELF}/api`,
      isAllowedBaseUrl: (url) => isAllowedBaseUrl(policy, url),
    });
    expect(settings.getSnapshot().baseUrl).toBe(`${SELF}/api`);
    expect(() => settings.setBaseUrl('https://old.example.com/api')).toThrow(/not allowed/);
    settings.setBaseUrl('https://api.github.com');
    expect(settings.getSnapshot().baseUrl).toBe('https://api.github.com');
  });
});
