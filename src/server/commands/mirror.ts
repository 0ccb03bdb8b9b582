/**
 * `mirror`: runs mirror/mirror-repository.ts with a line of progress per page
 * on stderr and a summary on stdout. Ctrl-C stops after the page under way is
 * saved; running the same command again resumes.
 */
import { parseFullName } from './full-name';
import { mirrorRepository, type MirrorEvent, type MirrorResult } from '../mirror/mirror-repository';
import type { Storage } from '../store/storage';

export interface MirrorCommand {
  from: string;
  token: string | null;
  repo: string;
  as: string | null;
  makePrivate: boolean;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

export function describeMirrorEvent(event: MirrorEvent): string | null {
  switch (event.kind) {
    case 'start':
      return event.resuming.length > 0 ? `resuming the interrupted ${event.resuming.join(' and ')} walk` : null;
    case 'repository':
      return `${event.fullName} is ${event.isPrivate ? 'private: the copy will be private too' : 'public'}`;
    case 'page': {
      const what = event.walk === 'issues' ? 'issues and pull requests' : event.walk;
      const credits = event.remaining === null ? '' : `; ${plural(event.remaining, 'credit')} left at the source`;
      return `${event.walk} page ${event.page}: ${plural(event.received, 'entry', 'entries')}, ${event.imported} ${what} new or changed${credits}`;
    }
    case 'not-modified':
      return `${event.walk}: not modified since the last run (304, no credit spent)`;
    case 'absent':
      return `${event.walk}: the source does not list them (404); nothing to copy`;
    case 'waiting': {
      const until = new Date(event.untilMs).toISOString().slice(11, 19);
      return `${event.reason}: waiting ${plural(event.seconds, 'second')} (until ${until} UTC)`;
    }
    case 'moved':
      return `moved: following ${event.from} → ${event.to}`;
  }
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function runMirror(
  store: Storage,
  command: MirrorCommand,
  io: { progress: (line: string) => void; signal?: AbortSignal; fetch?: typeof fetch },
): Promise<{ result: MirrorResult; summary: string }> {
  const source = parseFullName(command.repo);
  const target = command.as === null ? source : parseFullName(command.as);
  const result = await mirrorRepository(
    store,
    { from: command.from, token: command.token, source, target, makePrivate: command.makePrivate },
    {
      fetch: io.fetch ?? fetch,
      now: Date.now,
      sleep: abortableSleep,
      signal: io.signal,
      onEvent: (event) => {
        const line = describeMirrorEvent(event);
        if (line !== null) io.progress(line);
      },
    },
  );
  const requests = result.charged + result.notModified;
  const issues = plural(result.issues, 'issue or pull request', 'issues and pull requests');
  const copied =
    result.issues + result.comments + result.events === 0
      ? 'nothing had changed'
      : result.events === 0
        ? `${issues} and ${plural(result.comments, 'comment')} copied`
        : `${issues}, ${plural(result.comments, 'comment')} and ${plural(result.events, 'event')} copied`;
  const summary = `Mirrored ${source.owner}/${source.name} into ${target.owner}/${target.name}: ${copied}; ${plural(requests, 'request')}, ${plural(result.charged, 'credit')} spent, ${result.notModified} not modified.`;
  return { result, summary };
}
