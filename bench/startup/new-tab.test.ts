import { describe, expect, it } from 'vitest';
import { newTabRows, type NewTabRun } from './new-tab';

const run = (newTabMs: number, reloadMs: number, newTabApiStartMs: number | null = 600, reloadApiStartMs: number | null = 250): NewTabRun => ({ newTabMs, reloadMs, newTabApiStartMs, reloadApiStartMs });

describe('new tab against reload rows of npm run bench (issue 48)', () => {
  it('prints the medians with the worst runs and meets the target at 1.3× a reload', () => {
    const rows = newTabRows([run(500, 400), run(520, 400), run(900, 380), run(510, 420), run(515, 400)]);
    expect(rows[0]).toMatchObject({
      figure: 'App, phone: new tab → first row (ms, median of 5; worst 900)',
      value: 515,
      peer: 'reload → first row 400 (worst 420)',
      ratio: '1.29×',
      target: '≤ 1.3× reload',
      met: true,
    });
  });

  it('misses the target when the median new tab takes more than 1.3× the median reload', () => {
    const rows = newTabRows([run(785, 377), run(706, 360), run(538, 350), run(1019, 1147), run(1403, 551)]);
    expect(rows[0]).toMatchObject({ value: 785, ratio: '2.08×', met: false });
  });

  it('says when the list asked the API, and says none when no request was seen', () => {
    const rows = newTabRows([run(700, 400, 580, null), run(700, 400, 560, null), run(700, 400, 600, null)]);
    expect(rows[1]).toMatchObject({ value: '580 · none' });
  });
});
