/**
 * A throwaway PostgreSQL server for the integration run: a fresh cluster in a temporary folder,
 * on loopback only, removed when stopped. Uses the server binaries of the machine (Debian's
 * `postgresql` package); as root, the server runs as the `postgres` user because PostgreSQL
 * refuses to run as root.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningPostgres {
  url: string;
  stop(): void;
}

/** The folder holding initdb and pg_ctl, newest major version first; null when none is installed. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const initdb = found.stdout.trim();
  return initdb ? initdb.replace(/\/initdb$/, '') : null;
}

function asPostgresUser(bin: string, args: string[]): void {
  const isRoot = process.getuid?.() === 0;
  const [command, commandArgs] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', bin, ...args]]
    : [bin, args];
  execFileSync(command, commandArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
}

export function startThrowawayPostgres(port: number): RunningPostgres {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found (Debian package "postgresql").');
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const data = join(dir, 'data');
  asPostgresUser(join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  asPostgresUser(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-w',
    '-l',
    join(dir, 'server.log'),
    '-o',
    `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asPostgresUser(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
