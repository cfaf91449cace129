import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '#functions/plumbing/aws.ts';
import { mediaBucket } from '#functions/plumbing/media.ts';
import { s3 } from '#functions/plumbing/s3.ts';
import { banners, providerState } from '#functions/storage/provider-records.ts';
import { importProviderObject } from '#functions/use-cases/provider-import.ts';

/**
 * A provider import that has switched to its new generation keeps it even when cleaning up the
 * previous one fails: the reports read the new data, the import is 'imported', and the old
 * generation is left behind unread. (Before, the failure deleted the generation just made current:
 * empty Courtiers, Franchises and MLS screens, and an import record saying the old data was in use.)
 */
const FAULT = 'refuse-the-first-generation-delete';
const DEMO_FILE = 'provider-imports/demo-centris.jsonl';

afterAll(async () => {
  db.middlewareStack.remove(FAULT);
  // The demo provider data back for the other test files.
  expect((await importProviderObject(mediaBucket(), DEMO_FILE)).status).toBe('imported');
}, 240_000);

describe('a provider import whose clean-up fails after the switch', () => {
  it('keeps the new generation current and says imported', async () => {
    const key = `provider-imports/cleanup-${Date.now()}.jsonl`;
    const lines = [
      { type: 'banner', code: 'ZC', french_name: 'Bannière du ménage' },
      { type: 'franchise', code: 'FZC', legal_name: 'Ménage inc.', banner_code: 'ZC' },
      { type: 'broker', code: 'BZC', firstname: 'Ana', lastname: 'Roy', franchise_code: 'FZC' },
      { type: 'listing', mls: '12345670', civic_number_start: '1', street: 'rue du Ménage', municipality: 'Laval', listing_date: '2026-01-01', main_broker: 'BZC' },
    ];
    await s3.send(new PutObjectCommand({ Bucket: mediaBucket(), Key: key, Body: lines.map((l) => JSON.stringify(l)).join('\n') }));
    const previous = (await providerState(true))?.generation;
    expect(previous).toBeDefined();

    let refused = 0;
    db.middlewareStack.add(
      (next, context) => async (args) => {
        const input = JSON.stringify((args as { input?: unknown }).input ?? {});
        if (refused === 0 && context.commandName === 'BatchWriteItemCommand' && input.includes('DeleteRequest')) {
          refused++;
          throw Object.assign(new Error('injected: the delete is refused'), { name: 'ValidationException' });
        }
        return next(args);
      },
      { step: 'initialize', name: FAULT, override: true },
    );
    const run = await importProviderObject(mediaBucket(), key);
    db.middlewareStack.remove(FAULT);

    expect(refused).toBe(1);
    expect(run.status).toBe('imported');
    const state = await providerState(true);
    expect(state?.generation).not.toBe(previous);
    expect((await banners(state!.generation)).map((b) => b.code)).toEqual(['ZC']);
  });
});
