import { downloadMlsPictures } from '#shared/catalogue/deliveries.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { deliveryZip } from '../use-cases/delivery-zip.ts';

/**
 * MLS-ready download: the delivery's pictures as Centris takes them (JPEG, sRGB, longest side at most
 * 1920 px, under the size limit, no watermark), numbered in the slideshow order, in one ZIP built like
 * download-all's (docs/decisions/0250-mls-ready-download.md).
 */
export const handler = apiHandler(downloadMlsPictures, async ({ token }, { log }) => deliveryZip(token, 'mls', log));
