import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mentionsIn } from './build-documents';
import { cleanText, renderDocuments, repoApiUrl, repoWebUrl, webUrl } from './issue-document';

const bases = { api: 'http://x:1/api', web: 'http://x:1', repoPath: 'o/r' };

describe('stored documents with URL markers', () => {
  it('fills API, web and repository markers', () => {
    const json = JSON.stringify({ url: repoApiUrl('/issues/1'), html_url: repoWebUrl('/issues/1'), avatar: webUrl('/avatars/a.svg') });
    expect(JSON.parse(renderDocuments(json, bases))).toEqual({
      url: 'http://x:1/api/repos/o/r/issues/1',
      html_url: 'http://x:1/o/r/issues/1',
      avatar: 'http://x:1/avatars/a.svg',
    });
  });

  it('never rewrites user text, even text that spells the markers out', () => {
    const tricky = [
      '\\u0000 "\\u0001/\\u0002 /repos/\\u0002',
      '"\\u0000',
      'a\\"\\u0000b',
      String.raw`\u0000\u0001\u0002`,
      `${cleanText('\u0000\u0001\u0002')}plain`,
    ];
    for (const body of tricky) {
      const json = JSON.stringify({ body, url: repoApiUrl() });
      const out = JSON.parse(renderDocuments(json, bases)) as { body: string; url: string };
      expect(out.body).toBe(body);
      expect(out.url).toBe('http://x:1/api/repos/o/r');
    }
  });

  it('fills markers in one pass exactly as replacing each marker in turn did', () => {
    const inTurn = (json: string) =>
      json
        .replaceAll('"\\u0001/\\u0002', `"${bases.web}/${bases.repoPath}`)
        .replaceAll('/repos/\\u0002', `/repos/${bases.repoPath}`)
        .replaceAll('"\\u0000', `"${bases.api}`)
        .replaceAll('"\\u0001', `"${bases.web}`);
    const fragment = fc.constantFrom('"\\u0000', '"\\u0001', '"\\u0001/\\u0002', '/repos/\\u0002', '/repos/', '\\', '\\u0002', '"', '/', 'a', 'u0001');
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 30 }), (parts) => {
        const json = parts.join('');
        expect(renderDocuments(json, bases)).toBe(inTurn(json));
      }),
      { numRuns: 2000 },
    );
  });

  it('cleans stray control characters but keeps tabs and newlines', () => {
    expect(cleanText('a\u0000b\u0001c\td\ne\r\nf\u001f')).toBe('abc\td\ne\r\nf');
  });
});

describe('mentions (the `mentioned` filter)', () => {
  it('finds @logins in text but not in code, e-mail addresses or team and package names', () => {
    expect(mentionsIn('cc @Mona and @hubot-2, thanks')).toEqual(['mona', 'hubot-2']);
    expect(mentionsIn('`@inline` and\n```\n@fenced\n```\nmail a@b.com')).toEqual([]);
    expect(mentionsIn('bump [@types/node](https://x) and ping @acme/core')).toEqual([]);
  });
});
