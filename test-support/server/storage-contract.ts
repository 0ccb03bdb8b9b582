/**
 * What every storage engine must answer, the same way: one suite, run
 * unchanged against each engine (`*.contract.test.ts`). It speaks only the
 * `Storage` interface and reads answers as a client would read the JSON:
 * numbers, titles and states in order, totals, records.
 *
 * Each group of tests lives in its own storage-contract-*.ts; this file only
 * runs them, in order, on one engine.
 */
import { describeRepositoryContract } from './storage-contract-repositories';
import { describeDeepPageContract } from './storage-contract-deep-pages';
import { describePageContract } from './storage-contract-pages';
import { describePeopleContract } from './storage-contract-people';
import { describeRecordContract } from './storage-contract-records';
import { describeSearchContract } from './storage-contract-search';
import { withFreshStorage, type OpenStorage } from './storage-under-test';

export function describeStorageContract(engine: string, open: OpenStorage): void {
  const withStorage = withFreshStorage(open);
  describeRepositoryContract(engine, withStorage);
  describePageContract(engine, withStorage);
  describeDeepPageContract(engine, withStorage);
  describeSearchContract(engine, withStorage);
  describeRecordContract(engine, withStorage);
  describePeopleContract(engine, withStorage);
}
