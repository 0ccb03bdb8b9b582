import { describe, expect, it } from 'vitest';
import { API_VERSION } from '../../shared/api-constants';
import { answerHeadersFor, answerHeadersOf, everyAnswerHeaders } from './answer-headers';
import type { ApiRequestView } from './api-steps';

function view(path: string, headers: Record<string, string> = {}, method = 'GET'): ApiRequestView {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { method, path, header: (name) => lower[name], peerAddress: '10.0.0.7' };
}

describe('the headers every answer carries', () => {
  it('carries the security headers, CORS and the version served, in lower case', () => {
    const headers = everyAnswerHeaders(view('/api/user'));
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'access-control-allow-origin': '*',
      'x-github-api-version-selected': API_VERSION,
      'x-github-media-type': 'github.v3; format=json',
    });
    expect(Object.keys(headers).every((name) => name === name.toLowerCase())).toBe(true);
  });

  it('leaves the version off when another was asked, and CORS to the preflight’s own', () => {
    const unserved = everyAnswerHeaders(view('/api/user', { 'X-GitHub-Api-Version': '2099-01-01' }));
    expect(unserved['access-control-allow-origin']).toBe('*');
    expect(unserved['x-github-api-version-selected']).toBeUndefined();
    const preflight = everyAnswerHeaders(view('/api/user', {}, 'OPTIONS'));
    expect(preflight['x-frame-options']).toBe('deny');
    expect(preflight['access-control-allow-origin']).toBeUndefined();
    expect(preflight['x-github-api-version-selected']).toBeUndefined();
  });

  it('puts them, a new request id and the credit’s over the answer’s own, whatever their case', () => {
    const gathered = answerHeadersOf(view('/api/user'));
    expect(gathered.requestId).toMatch(/^[0-9A-F]{16}$/);
    expect(answerHeadersOf(view('/api/user')).requestId).not.toBe(gathered.requestId);
    gathered.byStatus.push((status) => ({ 'X-RateLimit-Remaining': status === 304 ? '5' : '4' }));
    const headers = answerHeadersFor(gathered, 304, { ETag: '"a"', 'X-Frame-Options': 'sameorigin', 'x-ratelimit-remaining': '0' });
    expect(headers).toMatchObject({ etag: '"a"', 'x-frame-options': 'deny', 'x-ratelimit-remaining': '5', 'x-github-request-id': gathered.requestId });
    expect(Object.keys(headers).every((name) => name === name.toLowerCase())).toBe(true);
  });
});
