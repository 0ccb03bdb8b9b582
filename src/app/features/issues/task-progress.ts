/**
 * "2 of 5 tasks": the task-list items of an issue body, as GitHub counts them:
 * list items starting `[ ]` or `[x]`, at any depth, but not inside fenced code.
 */

export interface TaskProgress {
  done: number;
  total: number;
}

// A list marker (-, *, +, or 1. / 1)), optional blockquote prefixes, then [ ], [x] or [X] and a space or the end.
const TASK_ITEM = /^(?:\s*>)*\s*(?:[-*+]|\d{1,9}[.)])\s+\[([ xX])\](?:\s|$)/;
const FENCE = /^(?:\s*>)*\s{0,3}(`{3,}|~{3,})/;

export function taskProgress(body: string | null | undefined): TaskProgress | null {
  if (!body) return null;
  let done = 0;
  let total = 0;
  let fence: string | null = null;
  for (const line of body.split(/\r\n|\r|\n/)) {
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === null) fence = marker;
      // A fence closes with the same character, at least as long as it opened.
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const task = TASK_ITEM.exec(line);
    if (!task) continue;
    total += 1;
    if (task[1] !== ' ') done += 1;
  }
  return total === 0 ? null : { done, total };
}
