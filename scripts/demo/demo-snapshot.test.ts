/**
 * The committed snapshot is what the generator writes today (issue 49): a
 * change to scripts/demo or its content without `npm run demo:snapshot`
 * fails here.
 *
 * The JSON is compared byte for byte, not the gzip: the compressed bytes
 * depend on the zlib build Node links (its version, Chromium's fork with
 * SIMD or not), so a machine with another Node could write other gzip bytes
 * for the same dataset, and the file would fail a check it should pass.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEMO_SNAPSHOT_FILE } from '../../src/server/demo-snapshot/read-demo-snapshot';
import { demoSnapshotJson, gzipDemoSnapshot } from './demo-snapshot';

/** where two byte strings first differ, with some text around it, so the failure says what changed */
function firstDifference(committed: Buffer, regenerated: Buffer): string {
  let at = 0;
  while (at < committed.length && at < regenerated.length && committed[at] === regenerated[at]) at++;
  const around = (b: Buffer) => b.subarray(Math.max(0, at - 80), at + 80).toString('utf8');
  return `first difference at byte ${at} of ${committed.length} committed / ${regenerated.length} regenerated\ncommitted:   …${around(committed)}…\nregenerated: …${around(regenerated)}…`;
}

describe('the demo snapshot', () => {
  it('is what the generator writes, byte for byte', () => {
    const committed = gunzipSync(readFileSync(DEMO_SNAPSHOT_FILE));
    const regenerated = Buffer.from(demoSnapshotJson(), 'utf8');
    const same = committed.equals(regenerated);
    expect(same, same ? '' : `${DEMO_SNAPSHOT_FILE} is out of date: run \`npm run demo:snapshot\` and commit it.\n${firstDifference(committed, regenerated)}`).toBe(true);
  });

  it('gzips to a file that unzips to the same JSON', () => {
    const json = '{"users":[],"repositories":[],"renames":[]}';
    expect(gunzipSync(gzipDemoSnapshot(json)).toString('utf8')).toBe(json);
  });
});
