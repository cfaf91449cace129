/** Browser-test files run two at a time on this project's 2-core machines, each slot with its own stack. */
export const E2E_WORKERS = 2;
