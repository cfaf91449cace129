import { REVIEW_MESSAGES, updatePicturesWatermark } from '#shared/catalogue/review.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { badRequest } from '../plumbing/errors.ts';
import { mediaKeys } from '../plumbing/media.ts';
import { writeWatermarked } from '../plumbing/renditions.ts';
import type { ReviewChange } from '../storage/pictures.ts';
import { applyOrConflict, picturesNamed } from '../use-cases/review.ts';

/**
 * The watermark (§5): put only on public pictures not bought by the broker; taken off any. Turning it on makes the
 * watermarked rendition from the original with sharp (ADR 0212) before the flag is saved.
 */
export const handler = apiHandler(updatePicturesWatermark, async ({ listing_id, picture_ids, show_watermark }, { log }) => {
  const pictures = await picturesNamed(listing_id, picture_ids);
  // §5: a bought picture cannot GET a watermark; taking one off (a picture watermarked before it was bought) is allowed.
  if (show_watermark && pictures.some((p) => p.is_purchased)) throw badRequest(REVIEW_MESSAGES.purchased, { picture_ids: [REVIEW_MESSAGES.purchased] });
  if (show_watermark && pictures.some((p) => !p.public)) throw badRequest(REVIEW_MESSAGES.watermarkNeedsPublic, { picture_ids: [REVIEW_MESSAGES.watermarkNeedsPublic] });
  const changes: ReviewChange[] = [];
  for (const p of pictures) {
    if (!show_watermark) {
      // Taking a watermark off is allowed on a bought picture too: no purchase condition here.
      changes.push({ picture: p, fields: { show_watermark: false } });
      continue;
    }
    const key = mediaKeys.watermarked(p.listing_id, p.shooting_id, p.picture_index);
    await writeWatermarked(p.distrib_key ?? p.original_key, key);
    changes.push({ picture: p, fields: { show_watermark: true, watermarked_key: key }, unlessPurchased: true });
  }
  await applyOrConflict(changes);
  log('watermark', { listing_id, count: pictures.length, show_watermark });
  return { status: 200 as const };
});
