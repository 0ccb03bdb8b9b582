import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../api/api-errors';
import { renderApp } from '../../../../test-support/app/render-app';
import { refusalMessage } from './list-heading';

/** What the service answers `repo:acme/rocket (OR)`, the search the list sends for `q=OR`. */
const refusedOr = () =>
  new ValidationError(
    'Validation Failed',
    ['OR needs a term on each side', 'OR needs a term on each side', 'empty parentheses'].map((message) => ({ resource: 'Search', field: 'q', code: 'invalid', message })),
    null,
    null,
  );

describe('a query the service refuses', () => {
  it('says why once, in terms of what was typed, not of the parentheses the list adds around it', async () => {
    renderApp(['/acme/rocket/issues?q=OR'], { handler: (url) => (url.pathname.endsWith('/search/issues') ? refusedOr() : undefined) });
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(/^The service refused this query: OR needs a term on each side$/);
  });

  it('gives each of the service’s reasons once when this parser accepts the query', () => {
    const reasons = [{ message: 'a' }, { message: 'b' }, { message: 'a' }, { message: ' ' }];
    expect(refusalMessage('Validation Failed', reasons)).toBe('a; b');
    expect(refusalMessage('Validation Failed', [])).toBe('Validation Failed');
  });
});
