import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './stack.ts';
import { DataFolderInUse, LOCK_FILE, isAlive } from './data-lock.ts';

/** npm run reset: wipes the local data (DynamoDB Local files and s3rver objects); the next start seeds again. */
const dataDir = process.env.IMMO_DATA_DIR ?? join(ROOT, '.data');
const lock = join(dataDir, LOCK_FILE);
const owner = existsSync(lock) ? Number(readFileSync(lock, 'utf8').trim()) : 0;
if (isAlive(owner)) {
  // Wiping the files under a running DynamoDB Local would corrupt them: stop the stack first.
  console.error(new DataFolderInUse(dataDir, owner).message);
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
rmSync(join(ROOT, '.tmp'), { recursive: true, force: true });
console.log(`Removed ${dataDir}. The next \`npm start\` seeds the demo data again.`);
