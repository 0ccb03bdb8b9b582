import { describe, expect, it } from 'vitest';
import { normalizeSince, parseLabels, parseListParams, parsePage, parsePerPage } from './list-params';

const reader = (q: string) => {
  const p = new URLSearchParams(q);
  return (name: string) => p.get(name);
};

describe('per_page (spec 4.1.4, 4.1.10, 8.3)', () => {
  it.each([
    [null, 30], ['abc', 30], ['', 30], ['0', 30], ['-3', 30], ['2.5', 30], ['1e2', 30],
    ['1', 1], ['30', 30], [' 50 ', 50], ['100', 100], ['101', 100], ['99999999999', 100],
  ])('per_page=%s gives %i', (raw, expected) => {
    expect(parsePerPage(raw)).toBe(expected);
  });
});

describe('page (spec 4.1.6)', () => {
  it.each([[null, 1], ['x', 1], ['0', 1], ['-1', 1], ['1.5', 1], ['7', 7], ['999999999999999', 999999999999999]])('page=%s gives %i', (raw, expected) => {
    expect(parsePage(raw)).toBe(expected);
  });
});

describe('since (spec 7.1: not ISO 8601 is a 422)', () => {
  it.each([
    ['2024-05-01T12:00:00Z', '2024-05-01T12:00:00Z'],
    ['2024-05-01T12:00:00.123Z', '2024-05-01T12:00:00Z'],
    ['2024-05-01T14:00:00+02:00', '2024-05-01T12:00:00Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00Z'],
  ])('accepts %s as %s', (raw, expected) => {
    expect(normalizeSince(raw)).toBe(expected);
  });

  it.each(['yesterday', '2024-05-01', '2024-05-01 12:00:00Z', '2023-02-29T00:00:00Z', '2024-13-01T00:00:00Z', '2024-01-01T24:00:00Z', '1700000000', '2024-01-01T00:00:00'])(
    'rejects %s',
    (raw) => {
      expect(normalizeSince(raw)).toBeNull();
    },
  );
});

describe('labels (spec 7.1: invalid labels are a 422)', () => {
  it('splits on commas, trims, and keeps one of each name', () => {
    expect(parseLabels('bug, ui ,BUG')).toEqual({ ok: true, value: ['BUG', 'ui'] });
  });
  it('treats an empty value as no filter', () => {
    expect(parseLabels('')).toEqual({ ok: true, value: [] });
  });
  it.each(['bug,,ui', 'bug,', ',', 'x'.repeat(51), 'a\tb', Array.from({ length: 21 }, (_, i) => `l${i}`).join(',')])('rejects %s', (raw) => {
    const r = parseLabels(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ resource: 'Issue', field: 'labels', code: 'invalid' });
  });
});

describe('parseListParams', () => {
  it('gives the spec defaults for an empty query', () => {
    expect(parseListParams(reader(''))).toEqual({
      ok: true,
      value: {
        page: 1, perPage: 30, state: 'open', sort: 'created', direction: 'desc', labels: [], since: null,
        creator: null, assignee: null, mentioned: null, milestone: null,
      },
    });
  });

  it('falls back to defaults for unknown state, sort and direction (spec 4.1.6)', () => {
    const r = parseListParams(reader('state=merged&sort=votes&direction=up'));
    expect(r.ok && [r.value.state, r.value.sort, r.value.direction]).toEqual(['open', 'created', 'desc']);
  });

  it('reports both since and labels when both are invalid', () => {
    const r = parseListParams(reader('since=nope&labels=a,,b'));
    expect(r.ok ? [] : r.errors.map((e) => e.field)).toEqual(['since', 'labels']);
  });
});
