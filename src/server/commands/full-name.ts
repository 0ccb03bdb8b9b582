/** `OWNER/NAME` on the command line, checked as GitHub checks a repository's full name. */
import { CommandError } from './command-error';

export function parseFullName(value: string): { owner: string; name: string } {
  const m = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/.exec(value);
  if (!m || m[2] === '.' || m[2] === '..') throw new CommandError(`'${value}' is not OWNER/NAME`);
  return { owner: m[1] ?? '', name: m[2] ?? '' };
}
