import { VIDEO_MESSAGES, createVideo, videoTemplate } from '#shared/catalogue/videos.ts';
import { Role } from '#shared/roles.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest } from '../plumbing/errors.ts';
import { insertVideo } from '../storage/videos.ts';
import { listingForVideos, mayFrontVideo, startVideoJob, videoView } from '../use-cases/video-views.ts';

/** A new video of a listing: a broker's request is queued and started at once, staff's waits for addVideoToQueue. */
export const handler = apiHandler(createVideo, async ({ listingId, templateId, is_broker_photo_visible, broker_team_member_id }, ctx) => {
  const listing = await listingForVideos(listingId, ctx.user);
  if (!videoTemplate(templateId)) throw badRequest(VIDEO_MESSAGES.unknownTemplate, { templateId: [VIDEO_MESSAGES.unknownTemplate] });
  if (broker_team_member_id !== null && !(await mayFrontVideo(broker_team_member_id, listing.broker_id))) {
    throw badRequest(VIDEO_MESSAGES.notTeamMember, { broker_team_member_id: [VIDEO_MESSAGES.notTeamMember] });
  }
  const byBroker = ctx.user.role === Role.broker;
  let video = await insertVideo(
    {
      listing_id: listing.id,
      template_id: templateId,
      requested_by: ctx.user.id,
      broker_team_member_id,
      is_broker_photo_visible,
      main_broker_id: listing.broker_id,
      current_broker_id: broker_team_member_id ?? listing.broker_id,
    },
    byBroker,
  );
  if (byBroker) video = await startVideoJob(video);
  ctx.log(`video ${video.id} of listing ${listing.id}, template ${templateId}${byBroker ? ', started' : ''}`);
  return { video: await videoView(video) };
});
