import { listingsForReview } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { reviewQueue } from '../use-cases/review.ts';

/** The review queue's four tabs (part 3 screen 4, §4). */
export const handler = apiHandler(listingsForReview, async () => ({ tabs: await reviewQueue() }));
