/**
 * `npm run service -- <command>` and `npm start`: parses the arguments and
 * runs the command's module in commands/, loaded only when that command runs (an
 * `import` starts reading its files without first loading the server). Bad arguments get a one-line error
 * and exit code 2; a failed command exits 1; every write is one transaction,
 * so nothing is half-written.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CommandError } from './commands/command-error';
import { parseFullName } from './commands/full-name';
import type { FaultInjector } from './faults/fault-injector';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from './limits/rate-limiter';
import { normaliseApiOrigin } from './routes/app-page-policy';
import { isExplainedByStore } from './store/store-error';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const USAGE = `usage: npm run service -- <command>
  serve --db DB --port N [--host 127.0.0.1] [--unauth-limit 60] [--auth-limit 5000] [--window-seconds 3600]
        [--burst-limit 900] [--burst-window-seconds 60]
        [--search-unauth-limit 10] [--search-auth-limit 30] [--search-window-seconds 60]
        [--trust-proxy] [--web-url URL] [--no-app]
        [--faults SPEC] [--faults-seed N]   (SPEC e.g. "503=10%,502=5%,delay=5%:2000ms,drop=1%,429=2%:3s@0-60s")
        [--api-origin URL]...   (also ISSUESCOPE_API_ORIGINS, space- or comma-separated)
  import --db DB --repo OWNER/NAME [--private] [--comments COMMENTS.json] [--events EVENTS.json] ISSUES.json
  rename --db DB OWNER/OLD OWNER/NEW
  token create --db DB --user LOGIN [--repo OWNER/NAME]... [--expires-at ISO] [--name NAME]
  token revoke --db DB TOKEN
  demo --db DB
  mirror --db DB --from BASE_URL [--token T] [--private] OWNER/REPO [--as OWNER/REPO]
                   (the token may instead come from ISSUESCOPE_MIRROR_TOKEN)
  DB is an SQLite file, or a postgres:// URL that several serve instances may share
  start            (what npm start runs: PORT, HOST and DB from the environment;
                    ISSUESCOPE_FAULTS and ISSUESCOPE_FAULTS_SEED for fault injection)`;

class UsageError extends Error {}

type FlagValues = Record<string, string | boolean | Array<string | boolean> | undefined>;

function parse(args: string[], options: ParseArgsConfig['options']): { values: FlagValues; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true });
    return { values: values as FlagValues, positionals };
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

function required(value: unknown, flag: string): string {
  if (typeof value !== 'string' || value === '') throw new UsageError(`${flag} is required`);
  return value;
}

function wholeNumber(value: unknown, flag: string, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) < min) throw new UsageError(`${flag} must be a whole number ≥ ${min}`);
  return Number(value);
}

/** A bad SPEC is a usage error naming the bad part. */
async function faultsFrom(spec: unknown, seed: unknown, flag: string, seedFlag: string): Promise<FaultInjector | null> {
  if (typeof spec !== 'string') return null;
  const { createFaultInjector } = await import('./faults/fault-injector');
  const { FaultSpecError } = await import('./faults/parse-fault-spec');
  try {
    const injector = createFaultInjector({ spec, seed: seed === undefined ? null : wholeNumber(seed, seedFlag, 0, 0) });
    if (injector.spec !== '') console.error(`Fault injection on for /api/*: ${injector.spec}`);
    return injector;
  } catch (err) {
    if (err instanceof FaultSpecError) throw new UsageError(`${flag}: ${err.message}`);
    throw err;
  }
}

/**
 * The API origins the served app may connect to, besides its own and GitHub's:
 * every `--api-origin` and ISSUESCOPE_API_ORIGINS (space- or comma-separated).
 */
function apiOriginsFrom(flags: unknown): string[] {
  const fromFlags = (Array.isArray(flags) ? flags : []).map(String);
  const fromEnv = (process.env.ISSUESCOPE_API_ORIGINS ?? '').split(/[\s,]+/).filter((o) => o !== '');
  return [...fromFlags, ...fromEnv].map((origin) => {
    try {
      return normaliseApiOrigin(origin);
    } catch (err) {
      throw new UsageError(`--api-origin: ${err instanceof Error ? err.message : String(err)}`);
    }
  });
}

function limitsFrom(values: Record<string, unknown>): RateLimitConfig {
  return {
    unauthLimit: wholeNumber(values['unauth-limit'], '--unauth-limit', DEFAULT_RATE_LIMITS.unauthLimit),
    authLimit: wholeNumber(values['auth-limit'], '--auth-limit', DEFAULT_RATE_LIMITS.authLimit),
    windowSeconds: wholeNumber(values['window-seconds'], '--window-seconds', DEFAULT_RATE_LIMITS.windowSeconds),
    burstLimit: wholeNumber(values['burst-limit'], '--burst-limit', DEFAULT_RATE_LIMITS.burstLimit),
    burstWindowSeconds: wholeNumber(values['burst-window-seconds'], '--burst-window-seconds', DEFAULT_RATE_LIMITS.burstWindowSeconds),
    searchUnauthLimit: wholeNumber(values['search-unauth-limit'], '--search-unauth-limit', DEFAULT_RATE_LIMITS.searchUnauthLimit),
    searchAuthLimit: wholeNumber(values['search-auth-limit'], '--search-auth-limit', DEFAULT_RATE_LIMITS.searchAuthLimit),
    searchWindowSeconds: wholeNumber(values['search-window-seconds'], '--search-window-seconds', DEFAULT_RATE_LIMITS.searchWindowSeconds),
  };
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve': {
      const { values, positionals } = parse(rest, {
        db: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'unauth-limit': { type: 'string' },
        'auth-limit': { type: 'string' },
        'window-seconds': { type: 'string' },
        'burst-limit': { type: 'string' },
        'burst-window-seconds': { type: 'string' },
        'search-unauth-limit': { type: 'string' },
        'search-auth-limit': { type: 'string' },
        'search-window-seconds': { type: 'string' },
        'trust-proxy': { type: 'boolean' },
        'web-url': { type: 'string' },
        'no-app': { type: 'boolean' },
        faults: { type: 'string' },
        'faults-seed': { type: 'string' },
        'api-origin': { type: 'string', multiple: true },
      });
      if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
      const db = required(values.db, '--db');
      const port = wholeNumber(values.port, '--port', NaN, 0);
      if (Number.isNaN(port) || port > 65535) throw new UsageError('--port must be a port number (0 picks a free one)');
      const faults = await faultsFrom(values.faults, values['faults-seed'], '--faults', '--faults-seed');
      // Each command's modules load when it runs: `import` starts reading its files sooner without the server's.
      const [{ serve }, { DEFAULT_SERVICE_CONFIG }] = await Promise.all([import('./commands/serve'), import('./main')]);
      await serve({
        ...DEFAULT_SERVICE_CONFIG,
        db,
        port,
        host: typeof values.host === 'string' ? values.host : '127.0.0.1',
        limits: limitsFrom(values),
        trustProxy: values['trust-proxy'] === true,
        webBase: typeof values['web-url'] === 'string' ? values['web-url'].replace(/\/+$/, '') : null,
        distDir: values['no-app'] === true ? null : path.join(ROOT, 'dist'),
        faults,
        apiOrigins: apiOriginsFrom(values['api-origin']),
      });
      return;
    }
    case 'start': {
      if (rest.length > 0) throw new UsageError('start takes no arguments; use PORT, HOST and DB');
      const db = process.env.DB ?? path.join(ROOT, 'data', 'issuescope.db');
      const port = wholeNumber(process.env.PORT, 'PORT', 8080, 0);
      const faults = await faultsFrom(process.env.ISSUESCOPE_FAULTS, process.env.ISSUESCOPE_FAULTS_SEED, 'ISSUESCOPE_FAULTS', 'ISSUESCOPE_FAULTS_SEED');
      const { start } = await import('./commands/start');
      await start({ root: ROOT, db, port, host: process.env.HOST ?? '127.0.0.1', apiOrigins: apiOriginsFrom([]), faults });
      return;
    }
    case 'import': {
      const { values, positionals } = parse(rest, {
        db: { type: 'string' },
        repo: { type: 'string' },
        private: { type: 'boolean' },
        comments: { type: 'string' },
        events: { type: 'string' },
      });
      if (positionals.length !== 1) throw new UsageError('import takes exactly one ISSUES.json');
      const { importIntoDatabase } = await import('./commands/import-into-database');
      await importIntoDatabase(required(values.db, '--db'), {
        repo: required(values.repo, '--repo'),
        makePrivate: values.private === true,
        issuesFile: positionals[0] ?? '',
        commentsFile: typeof values.comments === 'string' ? values.comments : undefined,
        eventsFile: typeof values.events === 'string' ? values.events : undefined,
      });
      return;
    }
    case 'rename': {
      const { values, positionals } = parse(rest, { db: { type: 'string' } });
      if (positionals.length !== 2) throw new UsageError('rename takes OWNER/OLD OWNER/NEW');
      const from = parseFullName(positionals[0] ?? '');
      const to = parseFullName(positionals[1] ?? '');
      const { renameRepository } = await import('./commands/rename-repository');
      await renameRepository(required(values.db, '--db'), from, to);
      return;
    }
    case 'token': {
      const [sub, ...args] = rest;
      if (sub === 'create') {
        const { values, positionals } = parse(args, {
          db: { type: 'string' },
          user: { type: 'string' },
          repo: { type: 'string', multiple: true },
          'expires-at': { type: 'string' },
          name: { type: 'string' },
        });
        if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
        const user = required(values.user, '--user');
        if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(user)) throw new UsageError(`'${user}' is not a valid login`);
        let expiresAt: number | null = null;
        if (values['expires-at'] !== undefined) {
          const ms = Date.parse(String(values['expires-at']));
          if (Number.isNaN(ms)) throw new UsageError('--expires-at must be an ISO 8601 date-time');
          expiresAt = Math.floor(ms / 1000);
        }
        const repos = (Array.isArray(values.repo) ? values.repo : []).map(String);
        repos.forEach(parseFullName);
        const { createToken } = await import('./commands/create-token');
        await createToken(required(values.db, '--db'), {
          login: user,
          name: typeof values.name === 'string' ? values.name : `token for ${user}`,
          expiresAt,
          repos,
        });
        return;
      }
      if (sub === 'revoke') {
        const { values, positionals } = parse(args, { db: { type: 'string' } });
        if (positionals.length !== 1) throw new UsageError('token revoke takes one TOKEN');
        const { revokeToken } = await import('./commands/revoke-token');
        await revokeToken(required(values.db, '--db'), positionals[0] ?? '');
        return;
      }
      throw new UsageError('token takes create or revoke');
    }
    case 'demo': {
      const { values, positionals } = parse(rest, { db: { type: 'string' } });
      if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
      const { makeDemoDatabase } = await import('./commands/make-demo-database');
      await makeDemoDatabase(required(values.db, '--db'));
      return;
    }
    case 'mirror': {
      const { values, positionals } = parse(rest, {
        db: { type: 'string' },
        from: { type: 'string' },
        token: { type: 'string' },
        as: { type: 'string' },
        private: { type: 'boolean' },
      });
      if (positionals.length !== 1) throw new UsageError('mirror takes exactly one OWNER/REPO');
      const db = required(values.db, '--db');
      const from = required(values.from, '--from');
      const { parseBaseUrl } = await import('./mirror/mirror-repository');
      try {
        parseBaseUrl(from);
      } catch (err) {
        throw new UsageError(err instanceof Error ? err.message : String(err));
      }
      // An environment variable keeps the token out of the process list and shell history.
      const token = typeof values.token === 'string' ? values.token : (process.env.ISSUESCOPE_MIRROR_TOKEN ?? null);
      if (token !== null && !/^[\x21-\x7e]+$/.test(token)) throw new UsageError('--token must be one printable word');
      const { mirrorIntoDatabase } = await import('./commands/mirror-into-database');
      await mirrorIntoDatabase(db, { from, token, repo: positionals[0] ?? '', as: typeof values.as === 'string' ? values.as : null, makePrivate: values.private === true });
      return;
    }
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return;
    default:
      throw new UsageError(`unknown command '${command}'`);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof UsageError) {
    console.error(`error: ${err.message} (see 'npm run service -- help')`);
    process.exit(2);
  }
  const known = err instanceof CommandError || isExplainedByStore(err);
  console.error(`error: ${known || !(err instanceof Error) ? String(err instanceof Error ? err.message : err) : err.message}`);
  process.exit(1);
});
