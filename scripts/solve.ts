/**
 * npm run solve -- problem.json [--budget 1] [--time-limit 10] [--seed 1] [--pretty]
 * Reads a problem in the VROOM project's JSON input format (file, or stdin with '-') and
 * prints a solution in VROOM's solution format. Travel comes from the problem's `matrices`,
 * else from the offline provider (haversine × road factor). Exit code 0, or 2 on bad input.
 * `--budget` is the search effort in seconds of a quiet machine (a work budget: the answer does
 * not depend on the load); `--time-limit` is the wall-clock safety stop (default 10 × budget).
 * `npm run solve` runs this file from a bundle (scripts/solve-bundled.mjs).
 */
import { readFileSync } from 'node:fs';
import { solveVroom, type VroomProblem } from '#shared/planning/vroom-format.ts';

const argv = process.argv.slice(2);
let file: string | undefined;
let budget = 1;
let timeLimit: number | undefined;
let seed = 1;
let pretty = false;
for (let i = 0; i < argv.length; i++) {
  const a = argv[i]!;
  if (a === '--budget') budget = Number(argv[++i]);
  else if (a === '--time-limit') timeLimit = Number(argv[++i]);
  else if (a === '--seed') seed = Number(argv[++i]);
  else if (a === '--pretty') pretty = true;
  else if (!file) file = a;
}
if (!file || !(budget > 0) || (timeLimit !== undefined && !(timeLimit > 0)) || !Number.isInteger(seed)) {
  console.error('usage: npm run solve -- problem.json [--budget seconds] [--time-limit seconds] [--seed n] [--pretty]');
  process.exit(2);
}
let problem: VroomProblem;
try {
  problem = JSON.parse(readFileSync(file === '-' ? 0 : file, 'utf8')) as VroomProblem;
} catch (e) {
  console.log(JSON.stringify({ code: 2, error: `Invalid JSON: ${e instanceof Error ? e.message : String(e)}` }));
  process.exit(2);
}
const solution = solveVroom(problem, { effortMs: budget * 1000, ...(timeLimit !== undefined ? { timeLimitMs: timeLimit * 1000 } : {}), seed });
console.log(JSON.stringify(solution, null, pretty ? 2 : undefined));
process.exit(solution.code === 0 ? 0 : solution.code);
