import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { addVideoToQueue, createVideo, getListingVideos, getVideoJobLogs, getVideoJobs, getVideoTemplates, resetVideoJob } from '#shared/catalogue/videos.ts';
import type { InputOf } from '#shared/catalogue/operation.ts';
import { VideoCreationStatus } from '#shared/enums.ts';
import { callOperation } from '../../api/client.ts';

/** While a job is queued, its screen asks again this often (the workflow runs on its own). */
const RUNNING_REFRESH_MS = 4000;

const anyQueued = (statuses: readonly number[]) => statuses.some((s) => s === VideoCreationStatus.enqueued);

/** Query options of the videos area (/video_dashboard, the review screen's automated-videos panel). */
export const videoQueries = {
  all: () => ['videos'] as const,
  /** The monitor's jobs, a page at a time (the older ones on demand: a failed job stays reachable to reset). */
  jobs: () =>
    infiniteQueryOptions({
      queryKey: [...videoQueries.all(), 'jobs'] as const,
      initialPageParam: undefined as string | undefined,
      queryFn: ({ pageParam, signal }) => callOperation(getVideoJobs, pageParam ? { cursor: pageParam } : {}, { signal }),
      getNextPageParam: (last) => last.next,
      refetchInterval: (query) => (anyQueued(query.state.data?.pages.flatMap((p) => p.jobs.map((j) => j.status)) ?? []) ? RUNNING_REFRESH_MS : false),
    }),
  logs: (id: number) =>
    queryOptions({
      queryKey: [...videoQueries.all(), 'logs', id] as const,
      queryFn: ({ signal }) => callOperation(getVideoJobLogs, { id }, { signal }),
    }),
  templates: () =>
    queryOptions({
      queryKey: ['video-templates'] as const,
      queryFn: ({ signal }) => callOperation(getVideoTemplates, {}, { signal }),
      staleTime: 3600_000,
    }),
  listing: (listingId: number) =>
    queryOptions({
      queryKey: [...videoQueries.all(), 'listing', listingId] as const,
      queryFn: ({ signal }) => callOperation(getListingVideos, { listingId }, { signal }),
      refetchInterval: (query) => (anyQueued(query.state.data?.videos.map((v) => v.status) ?? []) ? RUNNING_REFRESH_MS : false),
    }),
};

/** Every video mutation reloads the jobs and the listings' videos, also on failure. */
function useVideosReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: videoQueries.all() });
}

export function useResetVideoJobMutation() {
  const reload = useVideosReload();
  return useMutation({ mutationFn: (id: number) => callOperation(resetVideoJob, { id }), onSettled: reload });
}

export function useCreateVideoMutation() {
  const reload = useVideosReload();
  return useMutation({ mutationFn: (input: InputOf<typeof createVideo>) => callOperation(createVideo, input), onSettled: reload });
}

export function useAddVideoToQueueMutation() {
  const reload = useVideosReload();
  return useMutation({ mutationFn: (videoId: number) => callOperation(addVideoToQueue, { videoId }), onSettled: reload });
}
