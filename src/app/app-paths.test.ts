import { describe, expect, it } from 'vitest';
import { commentAnchor, commentIdFromAnchor, issueViewPath, listPath } from './app-paths';

describe('app paths', () => {
  it('mirror github.com, with owner and repository encoded', () => {
    expect(listPath('acme', 'rocket')).toBe('/acme/rocket/issues');
    expect(listPath('acme', 'rocket', new URLSearchParams({ state: 'closed' }))).toBe('/acme/rocket/issues?state=closed');
    expect(issueViewPath('acme', 'my repo', 12)).toBe('/acme/my%20repo/issues/12');
  });

  it("read back a comment's anchor, and nothing else", () => {
    expect(commentAnchor(42)).toBe('issuecomment-42');
    expect(commentIdFromAnchor(commentAnchor(1_234_567_890_123))).toBe(1_234_567_890_123);
    for (const fragment of ['', 'issuecomment-', 'issuecomment-0', 'issuecomment-012', 'issuecomment-1x', '#issuecomment-1', 'issuecomment-12345678901234567', 'comments']) {
      expect(commentIdFromAnchor(fragment), fragment).toBeNull();
    }
  });
});
