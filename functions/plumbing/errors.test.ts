import { describe, expect, it } from 'vitest';
import { isServiceUnavailable, serviceUnavailable, tooManyRequests, waitText } from './errors.ts';

/** Which failures of DynamoDB and S3 are a 503 (docs/decisions/0081-storage-outage-answers-503.md). */
describe('isServiceUnavailable', () => {
  const withCode = (code: string) => Object.assign(new Error(`connect ${code}`), { code });
  const named = (name: string, extra: object = {}) => Object.assign(new Error(name), { name, ...extra });

  it('is true for a refused, reset or timed-out connection, SDK timeouts, throttling and the services’ own 5xx', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('ETIMEDOUT'),
      named('TimeoutError'),
      named('ProvisionedThroughputExceededException'),
      named('SlowDown'),
      named('UnknownError', { $metadata: { httpStatusCode: 503 } }),
      new Error('wrapped', { cause: withCode('ECONNREFUSED') }),
      new AggregateError([withCode('ECONNREFUSED')], 'all addresses failed'),
    ]) {
      expect(isServiceUnavailable(error), String(error)).toBe(true);
    }
  });

  it('is false for the callers’ own errors and programming errors', () => {
    for (const error of [
      new Error('boom'),
      new TypeError('x is undefined'),
      named('ConditionalCheckFailedException', { $metadata: { httpStatusCode: 400 } }),
      named('ValidationException', { $metadata: { httpStatusCode: 400 } }),
      withCode('ENOENT'),
      undefined,
      null,
      'text',
    ]) {
      expect(isServiceUnavailable(error), String(error)).toBe(false);
    }
  });

  it('answers 503 in the one error body', () => {
    expect(serviceUnavailable().status).toBe(503);
    expect(serviceUnavailable().body().error.code).toBe('external_service');
  });
});

describe('429 answers', () => {
  it('say the wait in whole minutes, rounded up', () => {
    expect(waitText(1)).toBe('1 minute');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(900)).toBe('15 minutes');
  });

  it('send the wait as Retry-After in whole seconds, at least one', () => {
    expect(tooManyRequests('later', 249.2).headers()).toEqual({ 'retry-after': '250' });
    expect(tooManyRequests('later', 0.2).headers()).toEqual({ 'retry-after': '1' });
    expect(serviceUnavailable().headers()).toEqual({});
  });
});
