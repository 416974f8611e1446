/**
 * One process per PGlite data folder. PGlite runs inside the process that opens it and knows of
 * no other: two processes on one folder both accept writes, hand out the same ids, and after a
 * restart acknowledged rows are gone without an error. So the folder holds a lock file naming the
 * process that has it open, taken with an exclusive create; a second opener is refused with a
 * message that says which process holds it.
 *
 * A lock left by a process that has ended (a crash, a kill) is taken over. Its PID may be this
 * process's own after a restart in a container, where the server is often PID 1, so this process
 * remembers which folders it has locked itself rather than trusting the PID alone.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const LOCK_FILE = 'portal.lock';
const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(path: string): number | null {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Locks `dataDir` for this process, or throws if another opener holds it; returns the release. */
export function lockDataDir(dataDir: string): () => void {
  const folder = resolve(dataDir);
  const path = join(folder, LOCK_FILE);
  const inUse = (by: string) =>
    new Error(
      `The database folder ${folder} is in use by ${by}. Stop that portal first, or give this ` +
        `one its own DATA_DIR. (If no portal runs, delete ${path}.)`,
    );
  if (heldHere.has(folder)) throw inUse('this process already');

  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      heldHere.add(folder);
      return () => {
        heldHere.delete(folder);
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(path);
      if (holder !== null && holder !== process.pid && isRunning(holder)) {
        throw inUse(`process ${holder}`);
      }
      // Left behind by a process that has ended: take it over.
      rmSync(path, { force: true });
    }
  }
  throw inUse('another process starting at the same moment');
}
