/**
 * The `import` command's worker thread: reads and validates the JSON files, plans the import,
 * then builds every issue's, comment's and event's row and sends them in batches while the command's
 * thread inserts the batches before (worker-import-source.ts). Started by that module.
 */
import { once } from 'node:events';
import { workerData } from 'node:worker_threads';
import { importedCommentList, importedEventList, importedIssueList } from '../store/import-schema';
import { commentRow, commentTextByIssue, eventRow, issueRow, planImport, type IssueRow } from '../store/import-rows';
import { searchDocumentBytes } from '../store/postgres/search-document';
import { StoreError } from '../store/store-error';
import { BlockingSender, ChannelClosedError } from './blocking-channel';
import { CommandError } from './command-error';
import { BATCHES_AHEAD, inBatches, type BuildRequest, type ImportWorkerData, type WorkerMessage } from './import-batches';
import { readImportJson } from './read-import-json';

const data = workerData as ImportWorkerData;
const sender = new BlockingSender(data.port, data.counters, BATCHES_AHEAD);
const send = (message: WorkerMessage, transfer: readonly ArrayBuffer[] = []): void => sender.send(message, transfer);

async function run(): Promise<void> {
  const issues = readImportJson(data.issuesFile, importedIssueList, 'a JSON array of GitHub issues');
  const comments = data.commentsFile === null ? [] : readImportJson(data.commentsFile, importedCommentList, 'a JSON array of GitHub issue comments');
  const events = data.eventsFile === null ? [] : readImportJson(data.eventsFile, importedEventList, 'a JSON array of GitHub issue events');
  send({ kind: 'plan', plan: planImport(issues, comments, events) });

  const [request] = (await once(data.port, 'message')) as [BuildRequest];
  const labels = new Map(request.labels);
  const options = { localAvatars: data.localAvatars };
  const commentsText = commentTextByIssue(comments);
  const rowOf = (issue: (typeof issues)[number]): IssueRow => {
    const row = issueRow(issue, request.repoId, labels, options, commentsText.get(issue.number));
    return request.searchVectors ? { ...row, searchVector: searchDocumentBytes(row.search) } : row;
  };
  for (const batch of inBatches(issues, rowOf)) {
    send({ kind: 'issues', batch }, [batch.docs]);
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
    const failure = err instanceof CommandError ? 'command' : err instanceof StoreError ? 'store' : 'unexpected';
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
