/**
 * Tells the service, by a cookie, when its page should not name the first API
 * answers as preloads (issue 48, src/server/routes/first-answer-preloads.ts):
 * while this browser's connection is not the anonymous one to the service that
 * serves the page (a saved token, or another API's base URL), the app would
 * never take those answers, and each preload would cost a request. The cookie
 * holds no secret (a flag, never the token) and goes only to this origin.
 *
 * One cookie serves every tab, while a token kept for the tab alone is not
 * seen by the others: the last tab to start or change its connection sets it.
 * A wrong flag costs at most two requests or one missed preload, never a wrong
 * answer: a request with a token never takes an anonymous preload (api-client.ts).
 */
import { NO_FIRST_ANSWERS_COOKIE } from '../../shared/first-answers';
import type { ConnectionSettings } from './connection-settings';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Where the service's preloads point: the API it serves beside the page. */
function isServicesOwnAnonymous(baseUrl: string, token: string | null, pageOrigin: string): boolean {
  return token === null && baseUrl.replace(/\/+$/, '') === `${pageOrigin}/api`;
}

function hasCookie(doc: Document): boolean {
  return doc.cookie.split(';').some((pair) => pair.trim().split('=')[0] === NO_FIRST_ANSWERS_COOKIE);
}

function write(doc: Document, wanted: boolean): void {
  try {
    if (hasCookie(doc) === wanted) return;
    doc.cookie = wanted
      ? `${NO_FIRST_ANSWERS_COOKIE}=1; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Strict`
      : `${NO_FIRST_ANSWERS_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
  } catch {
    // Cookies refused (a sandboxed frame, a policy): the page keeps its preloads, which only cost requests.
  }
}

/** Keeps the cookie in step with the connection, now and on every change; returns the unsubscribe. */
export function keepFirstAnswersCookie(settings: ConnectionSettings, doc: Document = document): () => void {
  const pageOrigin = doc.location?.origin ?? '';
  const update = () => {
    const { baseUrl, token } = settings.getSnapshot();
    write(doc, !isServicesOwnAnonymous(baseUrl, token, pageOrigin));
  };
  update();
  return settings.subscribe(update);
}
