/**
 * The plain answer an API request's steps (http/api-steps.ts) and the
 * cached-answer lane give: status, own headers and body, before the headers
 * every answer carries (http/answer-headers.ts `answerHeadersFor`). The Hono
 * chain sends one with `sendAnswer` (http/respond.ts), the lane with
 * `node:http` itself; both put the same headers on it through the same function.
 */
import type { ErrorAnswer } from './error-bodies';

export const JSON_TYPE = 'application/json; charset=utf-8';

export interface ApiAnswer {
  status: number;
  /** the answer's own headers, names in any case */
  headers: Record<string, string>;
  body: string | Uint8Array | null;
}

/** An error's answer: its JSON body (spec 2.2), with `headers` beside its type. */
export function errorAnswer(error: ErrorAnswer, headers: Readonly<Record<string, string>> = {}): ApiAnswer {
  return { status: error.status, headers: { 'Content-Type': JSON_TYPE, ...headers }, body: error.body };
}
