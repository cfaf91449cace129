import { execFileSync } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * One local stack per data folder (docs/decisions/0080-local-stack-lifecycle.md). The folder
 * holds `stack.lock` with the owner's pid. A second start on a folder whose owner is alive
 * refuses; a lock whose owner is dead (a crash, a kill -9) is taken over, after stopping any
 * DynamoDB Local still running on the folder's files (an orphan of that crash).
 */
export const LOCK_FILE = 'stack.lock';

export class DataFolderInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another local stack (process ${pid}). ` +
        `Stop that one first (Ctrl+C in its terminal, or \`kill ${pid}\`), or start this one on another folder with IMMO_DATA_DIR=<folder>.`,
    );
  }
}

export interface DataLock {
  /** Orphan DynamoDB Local processes that were stopped to take the folder over. */
  stoppedOrphans: number[];
  release: () => void;
}

export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** DynamoDB Local processes (java … DynamoDBLocal.jar … -dbPath <folder>) serving this folder. */
export function dynamoProcessesOn(dynamoDir: string): number[] {
  let listing: string;
  try {
    listing = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  } catch {
    return [];
  }
  const wanted = resolve(dynamoDir);
  return listing
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => !!m && m[2]!.includes('DynamoDBLocal.jar') && new RegExp(`-dbPath ${escapeRegExp(wanted)}(\\s|$)`).test(m[2]!))
    .map((m) => Number(m[1]))
    .filter((pid) => pid !== process.pid);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function stopProcess(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  for (let waited = 0; waited < 5_000 && isAlive(pid); waited += 100) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Takes the data folder for this process, or throws DataFolderInUse. */
export async function lockDataFolder(dataDir: string, dynamoDir: string): Promise<DataLock> {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(readFileSync(file, 'utf8').trim());
    if (isAlive(owner) && owner !== process.pid) throw new DataFolderInUse(dataDir, owner);
    // A stale lock: its owner is gone. Remove it and try to take it (another start may race us).
    rmSync(file, { force: true });
    if (attempt === 2) throw new Error(`Could not take the lock ${file}.`);
  }
  const orphans = dynamoProcessesOn(dynamoDir);
  await Promise.all(orphans.map(stopProcess));
  const release = () => {
    try {
      if (Number(readFileSync(file, 'utf8').trim()) === process.pid) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
  process.once('exit', release);
  return { stoppedOrphans: orphans, release };
}
