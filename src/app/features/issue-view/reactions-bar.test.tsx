import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReactionsBar } from './reactions-bar';

afterEach(cleanup);

const none = { url: '', total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 };

describe('ReactionsBar', () => {
  it('shows each reaction someone gave, in GitHub’s order, named for screen readers', () => {
    render(<ReactionsBar reactions={{ ...none, total_count: 1_203, eyes: 2, '+1': 1_200, '-1': 1 }} />);
    const list = screen.getByRole('list', { name: 'Reactions' });
    expect(Array.from(list.querySelectorAll('[role="img"]'), (reaction) => [reaction.getAttribute('aria-label'), reaction.textContent])).toEqual([
      ['1,200 people reacted with thumbs up', '👍1,200'],
      ['1 person reacted with thumbs down', '👎1'],
      ['2 people reacted with eyes', '👀2'],
    ]);
  });

  it('shows nothing when nobody reacted or the answer has no reactions', () => {
    const { container, rerender } = render(<ReactionsBar reactions={none} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<ReactionsBar reactions={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
