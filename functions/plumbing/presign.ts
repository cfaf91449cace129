import { createHash, createHmac } from 'node:crypto';
import { ENV } from '#shared/data/design.ts';
import { awsCredentials } from './aws.ts';

/**
 * S3 presigned URLs (Signature V4, query string), signed here rather than by
 * @aws-sdk/s3-request-presigner: that one needs an S3Client, and loading @aws-sdk/client-s3 was
 * most of the cold start of every handler that only shows pictures (ADR 0410). The URLs
 * are byte for byte those of getSignedUrl (presign.test.ts compares them), with the credentials
 * of the DynamoDB client (the function's role; locally the emulators' keys).
 */
export interface PresignRequest {
  method: 'GET' | 'PUT' | 'HEAD';
  bucket: string;
  key: string;
  /** Extra query parameters, signed with the rest (e.g. response-content-disposition, v). */
  query?: Record<string, string>;
  /** Headers the request must carry with these exact values (e.g. content-length), signed. */
  headers?: Record<string, string>;
  expiresInSeconds: number;
  signingDate: Date;
}

/** RFC 3986 encoding, as SigV4 wants it: everything but A–Z a–z 0–9 - _ . ~ is escaped. */
export function strictEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * A Content-Disposition answering a download as an attachment named `name` (RFC 6266): a plain
 * ASCII fallback, then the exact name, accents included, in `filename*` (RFC 8187). A header holds
 * ASCII only, so 'été.zip' cannot go in the quoted name as it is.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${strictEncode(name.normalize('NFC'))}`;
}

/** An object key as a URL path: each segment encoded, the slashes kept. */
export function encodeKey(key: string): string {
  return key.split('/').map(strictEncode).join('/');
}

/** Where a bucket's objects are addressed: path style on the local emulator, virtual-hosted in AWS. */
function location(bucket: string, region: string): { origin: string; pathPrefix: string } {
  const endpoint = process.env[ENV.s3Endpoint];
  if (endpoint) return { origin: endpoint.replace(/\/+$/, ''), pathPrefix: `/${strictEncode(bucket)}` };
  return { origin: `https://${bucket}.s3.${region}.amazonaws.com`, pathPrefix: '' };
}

/** Locally the emulator's region (as the S3 clients of s3.ts say); in AWS the function's own. */
function region(): string {
  if (process.env[ENV.s3Endpoint]) return 'us-east-1';
  const value = process.env.AWS_REGION;
  if (!value) throw new Error('environment variable AWS_REGION is not set');
  return value;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

let signingKeyCache: { id: string; key: Buffer } | undefined;
/** The day's signing key; one HMAC chain per day, region and secret. */
function signingKey(secret: string, day: string, regionName: string): Buffer {
  const id = `${day}/${regionName}/${sha256Hex(secret)}`;
  if (signingKeyCache?.id !== id) {
    signingKeyCache = { id, key: hmac(hmac(hmac(hmac(`AWS4${secret}`, day), regionName), 's3'), 'aws4_request') };
  }
  return signingKeyCache.key;
}

export async function presignUrl(request: PresignRequest): Promise<string> {
  const credentials = await awsCredentials();
  const regionName = region();
  const { origin, pathPrefix } = location(request.bucket, regionName);
  const host = new URL(origin).host;
  const path = `${pathPrefix}/${encodeKey(request.key)}`;

  const amzDate = request.signingDate.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${regionName}/s3/aws4_request`;
  const headers = new Map<string, string>([['host', host]]);
  for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name.toLowerCase(), String(value).trim());
  const headerNames = [...headers.keys()].sort();
  const signedHeaders = headerNames.join(';');

  const query: Record<string, string> = {
    ...request.query,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
    'X-Amz-Credential': `${credentials.accessKeyId}/${scope}`,
    'X-Amz-Date': amzDate,
    'X-Amz-Expires': String(request.expiresInSeconds),
    ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
    'X-Amz-SignedHeaders': signedHeaders,
  };
  const canonicalQuery = (q: Record<string, string>) =>
    Object.keys(q)
      .sort()
      .map((name) => `${strictEncode(name)}=${strictEncode(q[name]!)}`)
      .join('&');
  const canonicalRequest = [
    request.method,
    path,
    canonicalQuery(query),
    ...headerNames.map((name) => `${name}:${headers.get(name)}`),
    '',
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, day, regionName)).update(stringToSign, 'utf8').digest('hex');
  return `${origin}${path}?${canonicalQuery({ ...query, 'X-Amz-Signature': signature })}`;
}
