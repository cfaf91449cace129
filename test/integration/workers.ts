/** Integration files run two at a time on this project's 2-core machines, each slot with its own stack. */
export const INTEGRATION_WORKERS = 2;
