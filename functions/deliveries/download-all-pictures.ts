import { downloadAllPictures } from '#shared/catalogue/deliveries.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { deliveryZip } from '../use-cases/delivery-zip.ts';

/**
 * Download-all: one ZIP of the pictures the page shows, built once per picture set by streaming the
 * files from the media bucket into a multipart upload in the media bucket, then answered as a
 * presigned URL (docs/decisions/0062-download-all-zip.md).
 */
export const handler = apiHandler(downloadAllPictures, async ({ token }, { log }) => deliveryZip(token, 'all', log));
