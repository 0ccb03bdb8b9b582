import { describe, expect, it } from 'vitest';
import { newTabRows, type NewTabRun } from './new-tab';

const alone = (app: NewTabRun[]) => ({ app, floor: [] });

const run = (newTabMs: number, reloadMs: number, newTabApiStartMs: number | null = 600, reloadApiStartMs: number | null = 250): NewTabRun => ({ newTabMs, reloadMs, newTabApiStartMs, reloadApiStartMs });

describe('new tab against reload rows of npm run bench (issue 48)', () => {
  it('prints the medians with the worst runs and meets the target at 1.3× a reload', () => {
    const rows = newTabRows(alone([run(500, 400), run(520, 400), run(900, 380), run(510, 420), run(515, 400)]));
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
    const rows = newTabRows(alone([run(785, 377), run(706, 360), run(538, 350), run(1019, 1147), run(1403, 551)]));
    expect(rows[0]).toMatchObject({ value: 785, ratio: '2.08×', met: false });
  });

  it('says when the list asked the API, and says none when no request was seen', () => {
    const rows = newTabRows(alone([run(700, 400, 580, null), run(700, 400, 560, null), run(700, 400, 600, null)]));
    expect(rows[1]).toMatchObject({ value: '580 · none' });
  });

  it('prints the floor beside the app: its own ratio, and the app over it round by round', () => {
    const rows = newTabRows({
      app: [run(230, 130), run(250, 120), run(400, 140)],
      floor: [run(200, 120), run(190, 125), run(210, 110)],
    });
    expect(rows).toHaveLength(4);
    expect(rows[2]).toMatchObject({
      figure: "Floor (the same list, no script: the host's own ratio), phone: new tab → first row (ms, median of 3; worst 210)",
      value: 200,
      peer: 'reload → first row 120 (worst 125)',
      ratio: '1.67×',
    });
    // Round by round: 30, 60, 190 over on a new tab; 10, -5, 30 on a reload.
    expect(rows[3]).toMatchObject({ value: '60 (190)', peer: 'reload → first row 10 (30)' });
  });
});
