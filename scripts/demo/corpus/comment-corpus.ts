/**
 * Comments on a software project's issues and pull requests: triage, "+1,
 * same here", workarounds with code, review notes, the closing remark. Shorter
 * than bodies but with the same Markdown: fences, task lists, tables, images,
 * alerts, `<details>`, `<kbd>`.
 *
 * Each writer offers options: a fixed key and a function that writes the
 * text. The caller tries them in random order and writes only the first whose
 * key has not been used on the same entry, so a thread never says the same
 * thing twice and the texts not chosen are never built.
 */
import { botComment, closingComment, dependencyComments, reopeningComments } from './closing-comments';
import type { Option, Thread } from './comment-options';
import type { CommentContext } from './corpus-types';
import { communityComments, issueAuthorComments, triageComments } from './issue-comments';
import { hardWrap } from './markdown-blocks';
import type { ProjectVocabulary } from '../vocabularies/project-vocabulary';
import { pullAuthorComments, pullReviewComments } from './pull-comments';

export type CommentWriter = (ctx: CommentContext) => string;

export function createProjectCommentWriter(vocab: ProjectVocabulary): CommentWriter {
  const threads = new Map<number, Thread>();
  return (ctx) => {
    let thread = threads.get(ctx.entry.number);
    if (!thread) {
      thread = { said: new Set() };
      threads.set(ctx.entry.number, thread);
    }
    const options = ctx.rng.sample(optionsFor(vocab, ctx, thread), Infinity);
    let text: string | null = null;
    for (const [key, write] of options) {
      if (thread.said.has(key)) continue;
      text = write();
      if (text !== null) {
        thread.said.add(key);
        break;
      }
    }
    // a long thread can run out of new things to say; then someone repeats themselves
    for (const [, write] of options) text ??= write();
    text ??= ':+1:';
    return ctx.commenterWraps ? hardWrap(text, 76) : text;
  };
}

function optionsFor(vocab: ProjectVocabulary, ctx: CommentContext, thread: Thread): Option[] {
  if (ctx.commenterIsBot) return [['bot', () => botComment(ctx)]];
  if (ctx.closing) return [['closing', () => closingComment(vocab, ctx)]];
  if (ctx.reopening) return reopeningComments(vocab, ctx);
  const { entry } = ctx;
  if (entry.type === 'dependency') return dependencyComments(ctx);
  if (entry.isPullRequest) return ctx.commenter === entry.author ? pullAuthorComments(thread) : pullReviewComments(vocab, ctx);
  if (ctx.commenter === entry.author) return issueAuthorComments(vocab, ctx, thread);
  if (ctx.commenterIsTeam) return triageComments(vocab, ctx, thread);
  return communityComments(vocab, ctx, thread);
}
