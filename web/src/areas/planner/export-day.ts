import { exportPlanningDay } from '#shared/catalogue/planner.ts';
import { callOperation } from '../../api/client.ts';

/** The name of a day's exported problem, e.g. planning-2026-11-23.vroom.json. */
export const exportFileName = (date: string) => `planning-${date}.vroom.json`;

/**
 * The planner's 'export day': asks the API for the day as a VROOM problem (exportPlanningDay) and
 * hands it to the browser as a file to save; `npm run solve -- <file>` solves it.
 */
export async function downloadDay(date: string): Promise<void> {
  const problem = await callOperation(exportPlanningDay, { date });
  const url = URL.createObjectURL(new Blob([JSON.stringify(problem, null, 1)], { type: 'application/json' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName(date);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has been handled (the download has taken the blob by then).
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
