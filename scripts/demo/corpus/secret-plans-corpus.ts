/**
 * acme/secret-plans, the private repository. Every title names a codename or
 * says CONFIDENTIAL / Secret / Embargoed, so a test that finds one of these
 * words in a public answer has found a leak.
 */
import type { CommentContext, EntryContext, EntryDraft, RepositoryCorpus } from './corpus-types';
import { toDay, DAY_MS } from '../demo-clock';
import { alert, bulletList, details, fitBody, quote, table, taskList, type BodyPart } from './markdown-blocks';
import type { Prng } from '../../../src/shared/prng';
import { recentPrior } from './references';

/** matches every title in this repository; tests use it to detect leaks */
export const SECRET_TITLE_PATTERN = /codename|confidential|secret|embargoed/i;

const ISSUE_TITLES = [
  'Codename ORBIT launch checklist',
  'Codename ORBIT: pricing tiers (CONFIDENTIAL)',
  'Codename NIGHTJAR: acquisition shortlist',
  'Embargoed: ORBIT partner announcement draft',
  'Secret: board deck for the ORBIT go/no-go',
  'Codename NIGHTJAR: due diligence data room index',
  'CONFIDENTIAL: hiring plan for the ORBIT team',
  'Codename ORBIT: beta customer list (do not share)',
  'Embargoed press release: Rocket 2.0 and ORBIT',
  'Secret: competitor teardown for Codename NIGHTJAR',
  'Codename ORBIT: legal review of the terms of service changes',
  'CONFIDENTIAL: ORBIT launch-day war room rota',
  'Codename KESTREL: exploratory pricing for a self-hosted edition',
  'Secret: keynote demo script for the ORBIT reveal',
  'Codename ORBIT: domain names to register before the announcement',
  'CONFIDENTIAL: revenue projections for ORBIT, year one',
  'Codename NIGHTJAR: integration plan after closing',
  'Codename KESTREL: customer interview notes',
  'Embargoed: analyst briefing schedule',
  'Secret: rename candidates for the ORBIT product',
  'Codename ORBIT: security review before GA',
  'CONFIDENTIAL: partner revenue share terms',
  'Codename ORBIT: teaser campaign, do not leak',
  'Secret: Codename NIGHTJAR board approval memo',
  'Codename KESTREL: go-to-market one-pager',
  'CONFIDENTIAL: ORBIT support staffing for launch week',
];

const PULL_TITLES = [
  'Codename ORBIT: feature flag scaffolding',
  'Secret: hide ORBIT routes behind the staff flag',
  'Codename ORBIT: pricing page draft (CONFIDENTIAL)',
  'Embargoed: landing page for the ORBIT announcement',
  'Codename KESTREL: licence check prototype',
  'Secret: NIGHTJAR single sign-on bridge spike',
  'CONFIDENTIAL: ORBIT billing plan ids',
  'Codename ORBIT: launch blog post draft',
  'Secret: ORBIT status page components',
  'Codename NIGHTJAR: data import dry run',
];

const CONTEXT = [
  'Everything here is under NDA until the public announcement. Do not paste any of it into public channels, tickets in other repositories, or AI tools.',
  'The board wants a decision at the next meeting. This issue collects what they need to see, in the order they will see it.',
  'We agreed in the leadership offsite that this stays within the core group until legal signs off.',
  'Only the people assigned here and the exec team should have access. If you were added by mistake, please leave the repository.',
  'Numbers are preliminary and will change after finance reviews them. Treat them as directional.',
];

const CHECKLIST = [
  'Legal sign-off on the wording',
  'Finance review of the numbers',
  'Security review of the staff flag',
  'Brief the support leads (under NDA)',
  'Register the domains through the holding company',
  'Prepare the embargoed press kit',
  'Dry run of the keynote demo',
  'Partner contracts countersigned',
  'Dashboard copy reviewed',
  'Rollback plan written down',
];

const COMMENTS = [
  'Legal signed off on the wording, with two small changes (tracked in the doc).',
  'Moving the date is not an option: the partner event is fixed.',
  'Reminder: nothing from this thread goes into the public tracker, not even the codename.',
  'Finance updated the projections; the conservative case is now the base case.',
  'Added the numbers from the last call:\n\n| Quarter | Low | High |\n| --- | ---: | ---: |\n| Q1 | 0.8M | 1.1M |\n| Q2 | 1.4M | 2.0M |',
  'I removed the customer names from the description; they are in the data room.',
  'Draft is ready for review. Please comment in the doc, not here, so we have one version.',
  '- [x] legal\n- [x] finance\n- [ ] security\n\nSecurity review is scheduled for Thursday.',
];

export function createSecretPlansCorpus(rng: Prng): RepositoryCorpus {
  const issueTitles = rng.sample(ISSUE_TITLES, ISSUE_TITLES.length);
  const pullTitles = rng.sample(PULL_TITLES, PULL_TITLES.length);
  let issues = 0;
  let pulls = 0;
  const next = (titles: readonly string[], used: number) =>
    titles[used % titles.length] + (used >= titles.length ? ` (round ${Math.floor(used / titles.length) + 1})` : '');

  return {
    issue(ctx) {
      const title = next(issueTitles, issues++);
      return secretDraft(ctx, title, 'plan');
    },
    pullRequest(ctx) {
      const title = next(pullTitles, pulls++);
      return secretDraft(ctx, title, 'maintenance');
    },
    comment(ctx: CommentContext) {
      if (ctx.closing === 'merged') return 'Merged behind the staff flag. Nothing is visible to customers yet.';
      if (ctx.closing) return 'Closing: done, and archived in the data room.';
      const others = ctx.team.filter((login) => login !== ctx.commenter);
      const text = ctx.rng.pick(COMMENTS);
      return others.length > 0 && ctx.rng.chance(0.3) ? `${text}\n\n@${ctx.rng.pick(others)} can you confirm?` : text;
    },
  };
}

function secretDraft(ctx: EntryContext, title: string, type: 'plan' | 'maintenance'): EntryDraft {
  const { rng } = ctx;
  const embargo = toDay(Math.max(ctx.createdMs + 45 * DAY_MS, Date.UTC(2027, 0, 19)));
  const parts: BodyPart[] = [
    { text: alert('CAUTION', `CONFIDENTIAL: do not share outside the core team. Embargoed until ${embargo}.`) },
    { text: `## Context\n\n${rng.pick(CONTEXT)}` },
  ];
  if (rng.chance(0.65)) {
    parts.push({ text: `## Checklist\n\n${taskList(rng.sample(CHECKLIST, rng.int(3, 6)).map((text) => ({ done: rng.chance(0.45), text })))}` });
  }
  if (rng.chance(0.45)) {
    const base = rng.int(12, 40);
    parts.push({
      text: `## Numbers\n\n${table(
        ['Tier', 'Monthly price', 'Seats', 'Notes'],
        [
          ['Starter', `$${base}`, '5', 'no SSO'],
          ['Team', `$${base * 4}`, '25', 'SSO, audit log'],
          ['Enterprise', 'contact us', 'unlimited', 'self-hosted option (KESTREL)'],
        ],
        ['left', 'right', 'right', 'left'],
      )}`,
      optional: true,
    });
  }
  if (rng.chance(0.4)) {
    parts.push({
      text: `## Timeline\n\n${bulletList([
        `${toDay(ctx.createdMs + 14 * DAY_MS)}: internal review`,
        `${toDay(ctx.createdMs + 30 * DAY_MS)}: partner briefing (embargoed)`,
        `${embargo}: public announcement`,
      ])}`,
      optional: true,
    });
  }
  if (rng.chance(0.3)) {
    parts.push({
      text: details('Draft wording (not final)', quote('Today we are introducing ORBIT, the fastest way to ship to every region at once.')),
      optional: true,
    });
  }
  const related = recentPrior(rng, ctx.prior, () => true);
  if (related && rng.chance(0.4)) parts.push({ text: `Depends on #${related.number}.`, optional: true });
  const others = ctx.team.filter((login) => login !== ctx.author);
  if (others.length > 0 && rng.chance(0.5)) parts.push({ text: `@${rng.pick(others)} please review before the next leadership sync.` });

  const labels = ['confidential'];
  if (/ORBIT/.test(title)) labels.push('codename: orbit');
  if (/NIGHTJAR/.test(title)) labels.push('codename: nightjar');
  if (/legal|terms|press|contract/i.test(title)) labels.push('legal review');
  if (/board|revenue|projection|acquisition/i.test(title)) labels.push('exec only');
  return {
    type,
    title,
    labels,
    body: fitBody(parts, () => 'Questions go to the core team directly, not to the public channels.'),
  };
}
