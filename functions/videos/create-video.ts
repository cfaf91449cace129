import { VIDEO_MESSAGES, createVideo, videoTemplate } from '#shared/catalogue/videos.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest } from '../plumbing/errors.ts';
import { insertVideo } from '../storage/videos.ts';
import { listingForVideos, mayFrontVideo, videoView } from '../use-cases/video-views.ts';

/** A new video of a listing, requested (status 0): an admin queues it with addVideoToQueue (part 3 §4 'requested (by a broker; admin can queue it)'). */
export const handler = apiHandler(createVideo, async ({ listingId, templateId, is_broker_photo_visible, broker_team_member_id }, ctx) => {
  const listing = await listingForVideos(listingId, ctx.user);
  if (!videoTemplate(templateId)) throw badRequest(VIDEO_MESSAGES.unknownTemplate, { templateId: [VIDEO_MESSAGES.unknownTemplate] });
  if (broker_team_member_id !== null && !(await mayFrontVideo(broker_team_member_id, listing.broker_id))) {
    throw badRequest(VIDEO_MESSAGES.notTeamMember, { broker_team_member_id: [VIDEO_MESSAGES.notTeamMember] });
  }
  const video = await insertVideo(
    {
      listing_id: listing.id,
      template_id: templateId,
      requested_by: ctx.user.id,
      broker_team_member_id,
      is_broker_photo_visible,
      main_broker_id: listing.broker_id,
      current_broker_id: broker_team_member_id ?? listing.broker_id,
    },
    false,
  );
  ctx.log(`video ${video.id} of listing ${listing.id}, template ${templateId}, requested`);
  return { video: await videoView(video) };
});
