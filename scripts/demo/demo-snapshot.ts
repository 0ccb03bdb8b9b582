/**
 * The demo snapshot's bytes: the generated dataset as compact JSON, and that
 * JSON gzipped as it is committed in src/server/demo-snapshot/ (issue 49).
 * `npm run demo:snapshot` writes it; demo-snapshot.test.ts regenerates it and
 * compares, so a change to the generator or its content without a new
 * snapshot fails `npm test`.
 */
import { gzipSync } from 'node:zlib';
import type { DemoSnapshotInput } from '../../src/server/demo-snapshot/demo-snapshot-schema';
import { buildDemoDataset } from './demo-dataset';

/** the generated dataset, typed as what the product's loader accepts */
export function demoSnapshotJson(): string {
  const snapshot: DemoSnapshotInput = buildDemoDataset();
  return JSON.stringify(snapshot);
}

/** Level 9: written once per change, read at every first start; 16 MB of JSON become about 1.7 MB. */
export function gzipDemoSnapshot(json: string): Buffer {
  return gzipSync(Buffer.from(json, 'utf8'), { level: 9 });
}
