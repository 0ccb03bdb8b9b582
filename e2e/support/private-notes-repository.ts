/**
 * `hygiene/private-notes`: a private repository for the token-hygiene journey,
 * readable only with HYGIENE_TOKEN. Its issue links an image and a page on
 * another origin (OTHER_ORIGIN, which the journey routes), so the journey can
 * check that the token never travels there.
 */
import { hashToken } from '../../src/server/auth/tokens';
import { importedIssueList } from '../../src/server/store/import-schema';
import type { SqliteStorage } from '../../src/server/store/sqlite/sqlite-storage';

export const PRIVATE_NOTES_REPO = { owner: 'hygiene', name: 'private-notes' } as const;
/** A token only these journeys use; the template database keeps its hash, as for any token. */
export const HYGIENE_TOKEN = 'isc_pat_e2e_hygiene_private_notes_0123456789';
/** Another origin, as an image host or a linked site would be. */
export const OTHER_ORIGIN = 'https://images.other.invalid';
export const PRIVATE_TITLES = ['Merger shortlist, do not forward', 'Layoff plan draft'] as const;

const AT = '2026-02-03T04:05:06Z';

export function importPrivateNotes(store: SqliteStorage, nowMs: number): void {
  const issues = importedIssueList.parse(
    PRIVATE_TITLES.map((title, index) => ({
      number: index + 1,
      title,
      user: { login: 'mona', type: 'User' },
      labels: [],
      state: 'open',
      created_at: AT,
      updated_at: AT,
      body: `Confidential.\n\n![org chart](${OTHER_ORIGIN}/org-chart.png)\n\nSee [the data room](${OTHER_ORIGIN}/data-room).`,
    })),
  );
  store.importIssues({ ...PRIVATE_NOTES_REPO, makePrivate: true, localAvatars: true }, issues, [], nowMs);
  store.createToken(
    { hash: hashToken(HYGIENE_TOKEN), login: 'mona', name: 'e2e token hygiene', expiresAt: null, repos: [`${PRIVATE_NOTES_REPO.owner}/${PRIVATE_NOTES_REPO.name}`] },
    nowMs,
  );
}
