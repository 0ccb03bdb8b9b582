import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IssueTitle } from './issue-title';

function html(title: string): string {
  return render(<p><IssueTitle title={title} /></p>).container.innerHTML;
}

describe('IssueTitle', () => {
  it('shows text between backticks as code, as GitHub does', () => {
    expect(html('`rocket init` loses the `--token` flag')).toBe(
      '<p><code class="rounded bg-fg/10 px-1 py-px font-mono text-[0.9em]">rocket init</code> loses the <code class="rounded bg-fg/10 px-1 py-px font-mono text-[0.9em]">--token</code> flag</p>',
    );
  });

  it('keeps an unpaired backtick and any markup as plain text', () => {
    expect(html('a ` b <img src=x onerror=alert(1)>')).toBe('<p>a ` b &lt;img src=x onerror=alert(1)&gt;</p>');
    expect(html('plain')).toBe('<p>plain</p>');
  });
});
