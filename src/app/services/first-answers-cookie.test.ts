import { afterEach, describe, expect, it } from 'vitest';
import { NO_FIRST_ANSWERS_COOKIE } from '../../shared/first-answers';
import { createConnectionSettings } from './connection-settings';
import { createSafeStorage } from '../storage/safe-storage';
import { MemoryStorage } from '../../../test-support/app/render-app';
import { keepFirstAnswersCookie } from './first-answers-cookie';

const flagged = () => document.cookie.split(';').some((pair) => pair.trim().startsWith(`${NO_FIRST_ANSWERS_COOKIE}=`));

function settingsWith(session: MemoryStorage, baseUrl = `${window.location.origin}/api`) {
  return createConnectionSettings({ local: createSafeStorage('local', () => new MemoryStorage()), session: createSafeStorage('session', () => session), defaultBaseUrl: baseUrl });
}

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  document.cookie = `${NO_FIRST_ANSWERS_COOKIE}=; Path=/; Max-Age=0`;
});

describe('the no-preload cookie follows the connection (issue 48)', () => {
  it('is absent while the app talks to the service beside it with no token', () => {
    stop = keepFirstAnswersCookie(settingsWith(new MemoryStorage()));
    expect(flagged()).toBe(false);
  });

  it('is set while a token is in use, and gone once it is removed', () => {
    const settings = settingsWith(new MemoryStorage());
    stop = keepFirstAnswersCookie(settings);
    settings.setToken('ghp_example', 'session');
    expect(flagged()).toBe(true);
    // A flag, never the token.
    expect(document.cookie).not.toContain('ghp_example');
    settings.removeToken();
    expect(flagged()).toBe(false);
  });

  it('is set from the start for a token kept for the tab, and for another API', () => {
    const session = new MemoryStorage();
    session.setItem(`issuescope.token:${window.location.origin}/api`, 'ghp_example');
    stop = keepFirstAnswersCookie(settingsWith(session));
    expect(flagged()).toBe(true);
    stop();
    document.cookie = `${NO_FIRST_ANSWERS_COOKIE}=; Path=/; Max-Age=0`;
    stop = keepFirstAnswersCookie(settingsWith(new MemoryStorage(), 'https://api.github.com'));
    expect(flagged()).toBe(true);
  });
});
