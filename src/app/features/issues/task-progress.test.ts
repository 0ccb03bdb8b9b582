import { describe, expect, it } from 'vitest';
import { taskProgress } from './task-progress';

describe('task-list progress', () => {
  it('counts done and open tasks, at any depth and with any list marker', () => {
    expect(taskProgress('- [x] one\n- [ ] two\n  * [X] nested\n+ [ ] three\n1. [x] numbered')).toEqual({ done: 3, total: 5 });
  });

  it('ignores tasks inside fenced code, backticks or tildes', () => {
    const body = ['- [x] real', '```md', '- [ ] example', '```', '~~~~', '- [x] example', '```', 'still code', '~~~~', '- [ ] real'].join('\n');
    expect(taskProgress(body)).toEqual({ done: 1, total: 2 });
  });

  it('needs a list marker and a space after the box', () => {
    expect(taskProgress('[x] not a list\n- [x]no space\n- [] empty box')).toBeNull();
  });

  it('counts tasks quoted in a blockquote', () => {
    expect(taskProgress('> - [x] quoted\n> - [ ] quoted')).toEqual({ done: 1, total: 2 });
  });

  it('has nothing to say of a body without tasks, or no body', () => {
    expect(taskProgress('Just words.')).toBeNull();
    expect(taskProgress(null)).toBeNull();
  });

  it('reads Windows line endings', () => {
    expect(taskProgress('- [x] a\r\n- [ ] b')).toEqual({ done: 1, total: 2 });
  });
});
