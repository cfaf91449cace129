import * as z from '#shared/zod.ts';
import { loadPlanningDay, type PlanningDay } from '../use-cases/planning-day.ts';
import { schema } from '#shared/schema.ts';

/** Dispatch step 1 (Step Functions task): read the day into a solver problem. */
export const dispatchRequest = /* @__PURE__ */ schema(() => z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  shooting_ids: z.array(z.number().int().positive()).min(1),
}));
export type DispatchRequest = z.infer<typeof dispatchRequest>;

export async function handler(input: unknown): Promise<PlanningDay & { shootingRequested: number }> {
  const request = dispatchRequest.parse(input);
  const day = await loadPlanningDay(request.date, request.shooting_ids);
  return { ...day, shootingRequested: new Set(request.shooting_ids).size };
}
