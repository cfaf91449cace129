// A busy process for the solver bench's load check: spins one core, ends by itself after argv[2] seconds.
const until = Date.now() + 1000 * Math.min(600, Number(process.argv[2]) || 30);
let x = 0;
while (Date.now() < until) for (let i = 0; i < 1e6; i++) x = (x * 1103515245 + 12345) % 2147483648;
process.exit(x < 0 ? 1 : 0);
