/**
 * The shape of the demo snapshot (demo-dataset.json.gz beside this module):
 * what scripts/demo generates and `demo` / `npm start` import. The issues,
 * comments and events are checked by the very schemas `import` applies to
 * GitHub's JSON, so the demo enters the database through the same gate as
 * real data; the levels above them are strict, so a snapshot written by a
 * generator that no longer agrees with this loader fails instead of losing a
 * field.
 */
import { z } from 'zod';
import { importedCommentList, importedEventList, importedIssueList } from '../store/import-schema';

const FULL_NAME = z.string().regex(/^[^/\s]+\/[^/\s]+$/, "must be 'owner/name'");

export const demoSnapshotSchema = z.strictObject({
  users: z.array(
    z.strictObject({
      login: z.string().min(1),
      id: z.number().int().positive(),
      name: z.string(),
      type: z.enum(['User', 'Bot']),
    }),
  ),
  repositories: z
    .array(
      z.strictObject({
        owner: z.string().min(1),
        name: z.string().min(1),
        private: z.boolean(),
        description: z.string(),
        /** GitHub wire shape, as `GET /repos/o/r/issues?state=all` returns them (issues and pull requests mixed) */
        issues: importedIssueList,
        /** as `GET /repos/o/r/issues/comments` returns them; issue_url ends in `/issues/{number}` */
        comments: importedCommentList,
        /** as `GET /repos/o/r/issues/events` returns them, each naming its issue */
        events: importedEventList,
      }),
    )
    .min(1),
  /** applied after import: the repository imported as `from` is renamed to `to` */
  renames: z.array(z.strictObject({ from: FULL_NAME, to: FULL_NAME })),
});

/** what the generator writes (GitHub's full wire shapes fit it) */
export type DemoSnapshotInput = z.input<typeof demoSnapshotSchema>;
/** what the loader imports */
export type DemoSnapshot = z.output<typeof demoSnapshotSchema>;
