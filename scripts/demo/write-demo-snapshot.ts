/**
 * `npm run demo:snapshot`: regenerates the demo snapshot the product loads
 * (src/server/demo-snapshot/demo-dataset.json.gz). Run it after changing
 * anything in scripts/demo, and commit the file with the change.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { DEMO_SNAPSHOT_FILE } from '../../src/server/demo-snapshot/read-demo-snapshot';
import { demoSnapshotJson, gzipDemoSnapshot } from './demo-snapshot';

const json = demoSnapshotJson();
const gzipped = gzipDemoSnapshot(json);
// Written beside and renamed over: an interrupted run leaves the old snapshot whole.
const partial = `${DEMO_SNAPSHOT_FILE}.partial`;
writeFileSync(partial, gzipped);
renameSync(partial, DEMO_SNAPSHOT_FILE);
const mb = (bytes: number) => (bytes / 1_000_000).toFixed(2);
console.log(`wrote ${DEMO_SNAPSHOT_FILE}: ${mb(Buffer.byteLength(json))} MB of JSON, ${mb(gzipped.length)} MB gzipped`);
