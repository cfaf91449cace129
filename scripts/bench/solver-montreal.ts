export function runMontrealBench(_o: { shortBudgetS: number; longBudgetS: number; seed: number }): void {}
