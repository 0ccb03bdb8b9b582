/**
 * The `import` command's worker thread: reads and validates the JSON files, plans the import,
 * then builds every issue's, comment's and event's row and sends them in batches while the command's
 * thread inserts the batches before (worker-import-source.ts). Started by that module. For
 * PostgreSQL the issues' batches leave as the statements take them (import-encoding.ts), so the
 * thread that waits on the server spends no time encoding between its statements.
 */
import { once } from 'node:events';
import { workerData } from 'node:worker_threads';
import { importedCommentList, importedEventList, importedIssueList } from '../store/import-schema';
import { commentRow, commentTextByIssue, eventRow, issueRow, planImport, type ImportSource, type IssueRow } from '../store/import-rows';
import { encodedIssueBatches, type EncodedIssueBatch } from '../store/postgres/import-encoding';
import { isExplainedByStore } from '../store/store-error';
import { BlockingSender, ChannelClosedError } from './blocking-channel';
import { CommandError } from './command-error';
import { BATCHES_AHEAD, inBatches, type BuildRequest, type ImportWorkerData, type WorkerMessage } from './import-batches';
import { readImportJson } from './read-import-json';

const data = workerData as ImportWorkerData;
const sender = new BlockingSender(data.port, data.counters, BATCHES_AHEAD);
const send = (message: WorkerMessage, transfer: readonly ArrayBuffer[] = []): void => sender.send(message, transfer);

/** The issues' rows as encodedIssueBatches takes a source's, built as they are asked for. */
function rowSource<T>(issues: readonly T[], rowOf: (issue: T) => IssueRow): Pick<ImportSource, 'issueRows'> {
  return {
    *issueRows() {
      for (const issue of issues) yield rowOf(issue);
    },
  };
}

/** The memory under a batch's COPY streams, moved to the other thread rather than copied (each stream has its own). */
function buffersOf(batch: EncodedIssueBatch): ArrayBuffer[] {
  const { fresh, searchText, links } = batch.encoded;
  const streams = [fresh, searchText, ...Object.values(links)].filter((b): b is Buffer => b !== null);
  return [...new Set(streams.map((b) => b.buffer as ArrayBuffer))];
}

async function run(): Promise<void> {
  const issues = readImportJson(data.issuesFile, importedIssueList, 'a JSON array of GitHub issues');
  const comments = data.commentsFile === null ? [] : readImportJson(data.commentsFile, importedCommentList, 'a JSON array of GitHub issue comments');
  const events = data.eventsFile === null ? [] : readImportJson(data.eventsFile, importedEventList, 'a JSON array of GitHub issue events');
  send({ kind: 'plan', plan: planImport(issues, comments, events) });

  const [request] = (await once(data.port, 'message')) as [BuildRequest];
  const labels = new Map(request.labels);
  const options = { localAvatars: data.localAvatars };
  const commentsText = commentTextByIssue(comments);
  const rowOf = (issue: (typeof issues)[number]): IssueRow => issueRow(issue, request.repoId, labels, options, commentsText.get(issue.number));
  if (request.encodeFor === null) {
    for (const batch of inBatches(issues, rowOf)) send({ kind: 'issues', batch }, [batch.docs]);
  } else {
    const stored = new Set(request.encodeFor.stored);
    for (const batch of encodedIssueBatches(rowSource(issues, rowOf), request.repoId, labels, stored)) {
      send({ kind: 'encoded-issues', batch }, buffersOf(batch));
    }
  }
  send({ kind: 'issues-end' });
  for (const batch of inBatches(comments, (comment) => commentRow(comment, options))) {
    send({ kind: 'comments', batch }, [batch.docs]);
  }
  send({ kind: 'comments-end' });
  for (const batch of inBatches(events, (event) => eventRow(event, options))) {
    send({ kind: 'events', batch }, [batch.docs]);
  }
  send({ kind: 'events-end' });
}

try {
  await run();
} catch (err) {
  // The command stopped listening (its own error, which it reports): nothing to say.
  if (!(err instanceof ChannelClosedError)) {
    const failure = err instanceof CommandError ? 'command' : isExplainedByStore(err) ? 'store' : 'unexpected';
    const message = err instanceof Error ? err.message : String(err);
    try {
      send({ kind: 'failed', failure, message, ...(err instanceof Error && err.stack ? { stack: err.stack } : {}) });
    } catch (closed) {
      if (!(closed instanceof ChannelClosedError)) throw closed;
    }
  }
} finally {
  sender.close();
  data.port.close();
}
