import { writeFileSync } from 'node:fs';

/** Makes the file `path` holding `content`, exclusively: false when it already exists (another test or worker made it first). */
export function createExclusive(path: string, content = ''): boolean {
  try {
    writeFileSync(path, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
