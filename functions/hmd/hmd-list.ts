import { HMD_LIST_MAX, hmdList } from '#shared/catalogue/hmd.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { listHmds } from '../storage/hmds.ts';
import { hmdViews, searchAndSort } from '../use-cases/hmd-views.ts';

/** /HmdList: the headsets matching the search, sorted by one column (default serial number ascending). */
export const handler = apiHandler(hmdList, async ({ search, sort, direction }) => {
  const hmds = await hmdViews(await listHmds(HMD_LIST_MAX));
  return { result: searchAndSort(hmds, search, sort, direction) };
});
