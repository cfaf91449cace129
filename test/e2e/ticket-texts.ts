/**
 * Moved to ./fixtures.ts (one fixtures module for every browser test). This re-export stays only
 * while test files written elsewhere in parallel still import it; new code imports ./fixtures.ts.
 */
export { BROWSER_LOCALE, loginIn, text, type Lang } from './fixtures.ts';
