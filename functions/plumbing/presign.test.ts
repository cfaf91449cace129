import { GetObjectCommand, PutObjectCommand, S3Client, UploadPartCommand, type S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENV } from '#shared/data/design.ts';
import { attachmentDisposition } from './presign.ts';

/**
 * presign.ts must sign exactly as the AWS SDK's presigner does: every URL here is compared, byte for
 * byte, with getSignedUrl's for the same request, in AWS (virtual-hosted, session token) and against
 * the local emulator (path style, its keys).
 */
const signingDate = new Date('2026-11-24T02:00:00Z');
const awkwardKey = "pics/2026/Éa b+c(1)~!*'&=?#%.jpg";

const modes = {
  aws: {
    env: { AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', AWS_SESSION_TOKEN: 'to/ken+=', AWS_REGION: 'ca-central-1' },
    sdk: { region: 'ca-central-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'to/ken+=' } },
  },
  local: {
    env: { [ENV.localMode]: '1', [ENV.s3Endpoint]: 'http://127.0.0.1:4569', [ENV.dynamoEndpoint]: 'http://127.0.0.1:8000' },
    sdk: { region: 'us-east-1', endpoint: 'http://127.0.0.1:4569', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
  },
} satisfies Record<string, { env: Record<string, string>; sdk: S3ClientConfig }>;

async function inMode(mode: keyof typeof modes) {
  vi.resetModules();
  for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_REGION', ENV.localMode, ENV.s3Endpoint, ENV.dynamoEndpoint]) vi.stubEnv(name, '');
  for (const [name, value] of Object.entries(modes[mode].env)) vi.stubEnv(name, value);
  const { presignUrl } = await import('./presign.ts');
  const sdk = new S3Client({ ...modes[mode].sdk, requestChecksumCalculation: 'WHEN_REQUIRED' });
  return { presignUrl, sdk };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe.each(['aws', 'local'] as const)('presignUrl (%s)', (mode) => {
  it('signs a GET with a download name and an extra parameter as getSignedUrl does', async () => {
    const { presignUrl, sdk } = await inMode(mode);
    const disposition = 'attachment; filename="Maison à vendre (2).jpg"';
    const command = new GetObjectCommand({ Bucket: 'media-bucket-1', Key: awkwardKey, ResponseContentDisposition: disposition });
    command.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { query?: Record<string, string> };
        request.query = { ...request.query, v: '20261122T062154Z' };
        return next(args);
      },
      { step: 'build', name: 'v' },
    );
    const expected = await getSignedUrl(sdk, command, { expiresIn: 7200, signingDate });
    const ours = await presignUrl({
      method: 'GET',
      bucket: 'media-bucket-1',
      key: awkwardKey,
      query: { 'response-content-disposition': disposition, v: '20261122T062154Z', 'x-amz-checksum-mode': 'ENABLED', 'x-id': 'GetObject' },
      expiresInSeconds: 7200,
      signingDate,
    });
    expect(ours).toBe(expected);
  });

  it('signs a PUT bound to its type and length as getSignedUrl does', async () => {
    const { presignUrl, sdk } = await inMode(mode);
    const key = '2026-11-24/u-17/Visite virtuelle #3.zip';
    const expected = await getSignedUrl(sdk, new PutObjectCommand({ Bucket: 'injector', Key: key, ContentType: 'application/zip', ContentLength: 123_456_789 }), {
      expiresIn: 900,
      signingDate,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    const ours = await presignUrl({ method: 'PUT', bucket: 'injector', key, query: { 'x-id': 'PutObject' }, headers: { 'content-type': 'application/zip', 'content-length': '123456789' }, expiresInSeconds: 900, signingDate });
    expect(ours).toBe(expected);
  });

  it('signs a multipart part as getSignedUrl does', async () => {
    const { presignUrl, sdk } = await inMode(mode);
    const key = '2026-11-24/u-17/big.zip';
    const uploadId = 'VXBsb2FkIElEIGZvciA2aWWpbmcncyBteS1tb3ZpZS5tMnRzIHVwbG9hZA--+/=';
    const expected = await getSignedUrl(sdk, new UploadPartCommand({ Bucket: 'injector', Key: key, UploadId: uploadId, PartNumber: 7, ContentLength: 8_388_608 }), {
      expiresIn: 900,
      signingDate,
      signableHeaders: new Set(['content-length']),
    });
    const ours = await presignUrl({ method: 'PUT', bucket: 'injector', key, query: { partNumber: '7', uploadId, 'x-id': 'UploadPart' }, headers: { 'content-length': '8388608' }, expiresInSeconds: 900, signingDate });
    expect(ours).toBe(expected);
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the exact name in filename* (RFC 8187)', () => {
    expect(attachmentDisposition('Carte_SD_été.zip')).toBe(`attachment; filename="Carte_SD_ete.zip"; filename*=UTF-8''Carte_SD_%C3%A9t%C3%A9.zip`);
    expect(attachmentDisposition('01-rue "x".jpg')).toBe(`attachment; filename="01-rue _x_.jpg"; filename*=UTF-8''01-rue%20%22x%22.jpg`);
    expect(attachmentDisposition('写真.zip')).toMatch(/^attachment; filename="__\.zip"; filename\*=UTF-8''%E5%86%99%E7%9C%9F\.zip$/);
  });
});
