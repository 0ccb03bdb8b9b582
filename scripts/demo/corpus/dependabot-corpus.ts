/**
 * Dependency-update pull requests as `dependabot[bot]` opens them: GitHub's
 * title format ("Bump esbuild from 0.21.5 to 0.23.0", or the conventional
 * "chore(deps): bump ..." when a repository sets a commit-message prefix) and
 * its body, with release notes and commits folded into `<details>`.
 */
import type { EntryContext, EntryDraft } from './corpus-types';
import { BODY_MAX_CHARS } from './markdown-blocks';
import { bumpPatch, compareVersions } from './versions';

export interface DependabotPackage {
  name: string;
  /** GitHub repository the package is developed in, for links */
  source: string;
  /** '/' for the root manifest */
  directory: string;
  dev: boolean;
  /** every version the demo walks through, oldest first */
  versions: readonly string[];
}

export interface DependabotConfig {
  titleStyle: 'bump' | 'conventional';
  packages: readonly DependabotPackage[];
  /** versions advance linearly over this window */
  startMs: number;
  endMs: number;
  label: string;
}

export type DependencyUpdateWriter = (ctx: EntryContext) => EntryDraft;

export function createDependencyUpdateWriter(config: DependabotConfig): DependencyUpdateWriter {
  const proposed = new Set<string>();
  const latest = new Map<DependabotPackage, string>();

  return (ctx) => {
    const { rng } = ctx;
    const progress = Math.min(1, Math.max(0, (ctx.createdMs - config.startMs) / (config.endMs - config.startMs)));
    const order = rng.sample(config.packages, config.packages.length);
    let choice: { pkg: DependabotPackage; from: string; to: string } | undefined;
    for (const pkg of order) {
      const start = Math.min(pkg.versions.length - 2, Math.floor(progress * (pkg.versions.length - 1)));
      for (let i = start; i < pkg.versions.length - 1 && !choice; i++) {
        const from = pkg.versions[i];
        const to = pkg.versions[i + 1];
        if (from && to && !proposed.has(`${pkg.directory}:${pkg.name}@${to}`)) choice = { pkg, from, to };
      }
      if (choice) break;
    }
    if (!choice) {
      // every listed version has been proposed: the next patch release of a semver package
      const semver = config.packages.filter((pkg) => /^\d+\.\d+\.\d+$/.test(pkg.versions.at(-1) ?? ''));
      const pkg = rng.pick(semver.length > 0 ? semver : config.packages);
      const from = latest.get(pkg) ?? pkg.versions.at(-1) ?? '0.0.0';
      choice = { pkg, from, to: bumpPatch(from) };
    }
    const { pkg, from, to } = choice;
    proposed.add(`${pkg.directory}:${pkg.name}@${to}`);
    if (compareVersions(to, latest.get(pkg) ?? '0') > 0) latest.set(pkg, to);

    const where = pkg.directory === '/' ? '' : ` in ${pkg.directory}`;
    const title =
      config.titleStyle === 'bump'
        ? `Bump ${pkg.name} from ${from} to ${to}${where}`
        : `chore(deps${pkg.dev ? '-dev' : ''}): bump ${pkg.name} from ${from} to ${to}${where}`;
    let body = dependabotBody(pkg, from, to, commitLines(ctx, pkg, to));
    if (body.length > BODY_MAX_CHARS) body = dependabotBody(pkg, from, to, []);
    return {
      type: 'dependency',
      title,
      labels: [config.label],
      body,
      area: 'dependencies',
      dependency: { name: pkg.name, from, to },
    };
  };
}

function commitLines(ctx: EntryContext, pkg: DependabotPackage, to: string): string[] {
  const messages = ['Release', 'Update CHANGELOG', 'Refactor internal types', 'Update dev dependencies', 'Fix typo in README', 'Add regression test'];
  return ctx.rng.sample(messages, ctx.rng.int(2, 4)).map((message) => {
    const sha = ctx.rng.hex(40);
    const text = message === 'Release' ? `Release v${to.replace(/^v/, '')}` : message;
    return `<li><a href="https://github.com/${pkg.source}/commit/${sha}"><code>${sha.slice(0, 7)}</code></a> ${text}</li>`;
  });
}

function dependabotBody(pkg: DependabotPackage, from: string, to: string, commits: readonly string[]): string {
  const tag = `v${to.replace(/^v/, '')}`;
  const fromTag = `v${from.replace(/^v/, '')}`;
  const owner = pkg.source.split('/')[1] ?? pkg.name;
  return `Bumps [${pkg.name}](https://github.com/${pkg.source}) from ${from} to ${to}.
<details>
<summary>Release notes</summary>
<p><em>Sourced from <a href="https://github.com/${pkg.source}/releases">${owner}'s releases</a>.</em></p>
<blockquote>
<h2>${tag}</h2>
<h3>Bug fixes</h3>
<ul>
<li>Fix a regression in ${from} when the input is empty</li>
<li>Improve error messages for invalid options</li>
</ul>
</blockquote>
</details>
<details>
<summary>Commits</summary>
<ul>
${[...commits, `<li>See full diff in <a href="https://github.com/${pkg.source}/compare/${fromTag}...${tag}">compare view</a></li>`].join('\n')}
</ul>
</details>
<br />


Dependabot will resolve any conflicts with this PR as long as you don't alter it yourself. You can also trigger a rebase manually by commenting \`@dependabot rebase\`.

[//]: # (dependabot-automerge-start)
[//]: # (dependabot-automerge-end)

---

<details>
<summary>Dependabot commands and options</summary>
<br />

You can trigger Dependabot actions by commenting on this PR:
- \`@dependabot rebase\` will rebase this PR
- \`@dependabot recreate\` will recreate this PR, overwriting any edits that have been made to it
- \`@dependabot merge\` will merge this PR after your CI passes on it
- \`@dependabot squash and merge\` will squash and merge this PR after your CI passes on it
- \`@dependabot cancel merge\` will cancel a previously requested merge and block automerging
- \`@dependabot reopen\` will reopen this PR if it is closed
- \`@dependabot close\` will close this PR and stop Dependabot recreating it. You can achieve the same result by closing it manually
- \`@dependabot show <dependency name> ignore conditions\` will show all of the ignore conditions of the specified dependency
- \`@dependabot ignore this major version\` will close this PR and stop Dependabot creating any more for this major version (unless you reopen the PR or upgrade to it yourself)
- \`@dependabot ignore this minor version\` will close this PR and stop Dependabot creating any more for this minor version (unless you reopen the PR or upgrade to it yourself)
- \`@dependabot ignore this dependency\` will close this PR and stop Dependabot creating any more for this dependency (unless you reopen the PR or upgrade to it yourself)


</details>`;
}
