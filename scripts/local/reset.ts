import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './stack.ts';

/** npm run reset: wipes the local data (DynamoDB Local files and s3rver objects); the next start seeds again. */
const dataDir = process.env.IMMO_DATA_DIR ?? join(ROOT, '.data');
rmSync(dataDir, { recursive: true, force: true });
rmSync(join(ROOT, '.tmp'), { recursive: true, force: true });
console.log(`Removed ${dataDir}. The next \`npm start\` seeds the demo data again.`);
