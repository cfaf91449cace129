import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFolderInUse, LOCK_FILE, dynamoProcessesOn, isAlive, lockDataFolder } from './data-lock.ts';

/** A stand-in process whose command line looks like DynamoDB Local serving `dynamoDir`. */
function fakeDynamo(dynamoDir: string): ChildProcess {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', 'DynamoDBLocal.jar', '-dbPath', dynamoDir], { stdio: 'ignore' });
}

const started: ChildProcess[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const p of started.splice(0)) p.kill('SIGKILL');
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

function folder(): { dataDir: string; dynamoDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'immo-lock-'));
  folders.push(dataDir);
  return { dataDir, dynamoDir: join(dataDir, 'dynamodb') };
}

describe('data folder lock (one local stack per folder)', () => {
  it('writes its pid, and releases the folder on stop', async () => {
    const { dataDir, dynamoDir } = folder();
    const lock = await lockDataFolder(dataDir, dynamoDir);
    expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('refuses a folder whose owner is alive, naming the owner and what to do', async () => {
    const { dataDir, dynamoDir } = folder();
    const owner = spawn('sleep', ['60'], { stdio: 'ignore' });
    started.push(owner);
    writeFileSync(join(dataDir, LOCK_FILE), `${owner.pid}\n`);
    const refused = await lockDataFolder(dataDir, dynamoDir).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DataFolderInUse);
    expect((refused as Error).message).toContain(`process ${owner.pid}`);
    expect((refused as Error).message).toContain('IMMO_DATA_DIR');
    expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(owner.pid));
  });

  it('takes over a stale lock (owner dead) and stops the DynamoDB Local its crash left on the folder', async () => {
    const { dataDir, dynamoDir } = folder();
    const { dynamoDir: otherDir } = folder();
    const dead = spawn('true');
    await new Promise((r) => dead.once('exit', r));
    writeFileSync(join(dataDir, LOCK_FILE), `${dead.pid}\n`);
    const orphan = fakeDynamo(dynamoDir);
    const unrelated = fakeDynamo(otherDir);
    started.push(orphan, unrelated);
    await new Promise((r) => setTimeout(r, 300));
    expect(dynamoProcessesOn(dynamoDir)).toEqual([orphan.pid]);

    const lock = await lockDataFolder(dataDir, dynamoDir);
    expect(lock.stoppedOrphans).toEqual([orphan.pid]);
    expect(isAlive(orphan.pid!)).toBe(false);
    expect(isAlive(unrelated.pid!)).toBe(true);
    expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });
});
