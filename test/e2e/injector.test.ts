import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Page, Request, Route } from 'playwright-core';
import { MiB } from '#shared/catalogue/rij.ts';
import { Role } from '#shared/roles.ts';
import { LANGUAGE_STORAGE_KEY } from '../../web/src/i18n/language.ts';
import { demoAccount } from '../../scripts/local/demo-accounts.ts';
import enShell from '../../web/src/i18n/locales/en.json';
import en from '../../web/src/areas/injector/locales/en.json';
import fr from '../../web/src/areas/injector/locales/fr.json';
import { login, useBrowser } from './browser.ts';
import { zipBytes } from '../support/archives.ts';

/**
 * /remote_injector as a technician uses it: ZIPs added through the dropzone, sent straight to
 * the S3 emulator (one PUT, or presigned multipart above the threshold the test lowers with
 * ?multipartThreshold=), listed with size and countdown, downloaded; an interrupted multipart
 * upload resumes after a reload without sending the stored parts again.
 */
const baseUrl = ownStack().baseUrl;
/** Lowered for the test: files above 6 MiB go by multipart (8 MiB parts by default). */
const THRESHOLD = 6 * MiB;
const SCREEN = `/remote_injector?multipartThreshold=${THRESHOLD}`;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const browser = useBrowser(baseUrl);
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'injector-e2e-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function zipFile(name: string, size: number): { path: string; bytes: Buffer } {
  const bytes = zipBytes(size);
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return { path, bytes };
}

/** PUT requests the page sends to the S3 emulator (bucket path /injector/...), with their part numbers. */
function countStoragePuts(page: Page): { parts: () => (string | null)[]; reset: () => void } {
  let seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname.startsWith('/injector/')) seen.push(request);
  });
  return {
    parts: () => seen.map((r) => new URL(r.url()).searchParams.get('partNumber')),
    reset: () => {
      seen = [];
    },
  };
}

async function openScreen(role: (typeof Role)[keyof typeof Role], language: 'en' | 'fr' = 'en'): Promise<Page> {
  const { page } = await browser.visit();
  await login(page, demoAccount(role));
  await page.waitForURL((url) => url.pathname !== '/login');
  if (language === 'fr') await page.evaluate((key) => localStorage.setItem(key, 'fr'), LANGUAGE_STORAGE_KEY);
  await page.goto(SCREEN);
  await page.locator('input[type="file"]').waitFor({ state: 'attached' });
  return page;
}

const fileInput = (page: Page) => page.locator('input[type="file"]');
const cloudRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

describe('remote injector', () => {
  it('uploads two ZIPs (one by multipart), lists them with size and countdown, and downloads one', async () => {
    const page = await openScreen(Role.tech_capture);
    await page.getByRole('heading', { level: 1, name: enShell.route.remote_injector }).waitFor();
    const upload = page.getByRole('button', { name: en.injector.upload });
    expect(await upload.isDisabled()).toBe(true);

    const small = zipFile('SD card 1.zip', 1_500_000);
    const big = zipFile('SD-card-2.zip', 13 * MiB);
    const puts = countStoragePuts(page);
    // A mixed choice: the archive is queued and the other file is named as refused.
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'not an archive');
    await fileInput(page).setInputFiles([notes, small.path]);
    await page.getByText(en.injector.rejected.replace('{{names}}', 'notes.txt')).waitFor();
    await page.getByRole('listitem', { name: 'SD_card_1.zip' }).waitFor();
    await page.getByRole('listitem', { name: 'SD_card_1.zip' }).getByRole('button', { name: en.injector.remove.replace('{{name}}', 'SD_card_1.zip') }).click();
    await page.getByRole('listitem', { name: 'SD_card_1.zip' }).waitFor({ state: 'detached' });
    await fileInput(page).setInputFiles([small.path, big.path]);
    // Names are shown sanitized; both wait for the upload.
    await page.getByRole('listitem', { name: 'SD_card_1.zip' }).waitFor();
    await page.getByRole('listitem', { name: 'SD-card-2.zip' }).waitFor();
    expect(await upload.isDisabled()).toBe(false);

    await upload.click();
    await cloudRow(page, 'SD_card_1.zip').waitFor({ timeout: 60_000 });
    await cloudRow(page, 'SD-card-2.zip').waitFor({ timeout: 60_000 });
    await page.getByRole('listitem', { name: 'SD-card-2.zip' }).getByText(en.injector.done).waitFor();
    expect(await upload.isDisabled()).toBe(true);
    await page.getByText(/Overall speed: [\d.,]+\sMB\/s/).waitFor();

    // One PUT for the small file; the big one in 2 parts (8 MiB + 5 MiB).
    expect(puts.parts().sort()).toEqual(['1', '2', null]);

    const bigRow = await cloudRow(page, 'SD-card-2.zip').innerText();
    expect(bigRow).toContain('13.6\u00a0MB');
    expect(bigRow).toMatch(/Deleted in 89 days/);
    expect(await cloudRow(page, 'SD_card_1.zip').innerText()).toContain('1.5\u00a0MB');

    const [download] = await Promise.all([page.waitForEvent('download'), cloudRow(page, 'SD-card-2.zip').getByRole('button', { name: /Download/ }).click()]);
    expect(download.suggestedFilename()).toBe('SD-card-2.zip');
    expect(sha(readFileSync(await download.path()))).toBe(sha(big.bytes));
  });

  it('an interrupted multipart upload resumes after a reload without sending the stored parts again; leaving asks first (French)', async () => {
    const page = await openScreen(Role.tech_postprod, 'fr');
    const big = zipFile('carte-resume.zip', 21 * MiB); // 3 parts: 8 + 8 + 5 MiB
    const puts = countStoragePuts(page);

    // The connection drops while part 3 is on its way: hold it forever.
    const held: Route[] = [];
    await page.route(
      (url) => url.pathname.startsWith('/injector/') && url.searchParams.get('partNumber') === '3',
      (route) => void held.push(route),
    );
    // Stored parts are recorded in batches (ADR 0420): wait until the records of parts 1 and 2 are answered.
    const recorded = new Set<number>();
    const partsRecorded = new Promise<void>((resolve) => {
      page.on('response', (r) => {
        if (r.request().method() !== 'POST' || !/\/api\/rij\/multipart\/[^/]+\/parts$/.test(new URL(r.url()).pathname) || r.status() !== 200) return;
        for (const part of (r.request().postDataJSON() as { parts: { partNumber: number }[] }).parts) recorded.add(part.partNumber);
        if (recorded.has(1) && recorded.has(2)) resolve();
      });
    });

    await fileInput(page).setInputFiles(big.path);
    await page.getByRole('button', { name: fr.injector.upload }).click();
    await partsRecorded;
    expect(puts.parts().sort()).toEqual(['1', '2', '3']);

    // Leaving the page during the transfer asks first; staying keeps the page.
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(fr.injector.leave_confirm).waitFor();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    expect(new URL(page.url()).pathname).toBe('/remote_injector');

    // Reload (the browser's own prompt is accepted): the upload stops where it was.
    // Part 3 is still held: the reload drops it, as a lost connection would.
    page.on('dialog', (d) => void d.accept());
    await page.reload();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expect(held).toHaveLength(1);
    puts.reset();

    // The same file again: only part 3 is sent.
    await fileInput(page).setInputFiles(big.path);
    await page.getByRole('button', { name: fr.injector.upload }).click();
    await cloudRow(page, 'carte-resume.zip').waitFor({ timeout: 60_000 });
    expect(puts.parts()).toEqual(['3']);
    expect(await cloudRow(page, 'carte-resume.zip').innerText()).toContain('22\u00a0Mo');

    const [download] = await Promise.all([page.waitForEvent('download'), cloudRow(page, 'carte-resume.zip').getByRole('button', { name: /Télécharger/ }).click()]);
    expect(sha(readFileSync(await download.path()))).toBe(sha(big.bytes));
  });

  it('a file that cannot be sent turns red with its error and cannot be removed', async () => {
    const page = await openScreen(Role.tech_capture);
    await page.route((url) => url.pathname.startsWith('/injector/'), (route) => void route.abort('connectionreset'));
    const file = zipFile('broken-card.zip', 100_000);
    await fileInput(page).setInputFiles(file.path);
    await page.getByRole('button', { name: en.injector.upload }).click();
    const item = page.getByRole('listitem', { name: 'broken-card.zip' });
    await item.getByText(en.injector.error_sending).waitFor({ timeout: 60_000 });
    expect(await item.getAttribute('data-status')).toBe('error');
    expect(await item.getByRole('button', { name: /Remove/ }).count()).toBe(0);
    // It may be sent again.
    expect(await page.getByRole('button', { name: en.injector.upload }).isDisabled()).toBe(false);
  });

  it('the mark step is retried like every call; a file whose mark failed for good is only marked when sent again, not sent again (ADR 0605)', async () => {
    const page = await openScreen(Role.tech_capture);
    const upload = page.getByRole('button', { name: en.injector.upload });
    const puts = countStoragePuts(page);
    const starts: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === 'POST' && (path === '/api/rij/multipart' || path === '/api/rij/getUploadURL')) starts.push(path);
    });
    // The connection drops for the mark step (rij/uploadedFile): `drops` times, or for good.
    let drops = 2;
    await page.route(
      (url) => url.pathname === '/api/rij/uploadedFile',
      (route) => void (drops-- > 0 ? route.abort('connectionreset') : route.continue()),
    );

    // A short drop at the very end: the retries get the file marked, in one Upload.
    await fileInput(page).setInputFiles(zipFile('mark-retried.zip', 1_500_000).path);
    await upload.click();
    await page.getByRole('listitem', { name: 'mark-retried.zip' }).getByText(en.injector.done).waitFor({ timeout: 60_000 });
    await cloudRow(page, 'mark-retried.zip').waitFor();

    // A drop that outlasts the retries, after a multipart upload was completed: red, 'sending'.
    drops = Number.POSITIVE_INFINITY;
    puts.reset();
    starts.length = 0;
    await fileInput(page).setInputFiles(zipFile('mark-lost.zip', 13 * MiB).path);
    await upload.click();
    const item = page.getByRole('listitem', { name: 'mark-lost.zip' });
    await item.getByText(en.injector.error_sending).waitFor({ timeout: 90_000 });
    expect(puts.parts().sort()).toEqual(['1', '2']);
    expect(starts).toEqual(['/api/rij/multipart']);

    // The network is back: Upload again finds the file stored whole and only marks it.
    drops = 0;
    puts.reset();
    starts.length = 0;
    await upload.click();
    await item.getByText(en.injector.done).waitFor({ timeout: 60_000 });
    await cloudRow(page, 'mark-lost.zip').waitFor();
    expect(puts.parts()).toEqual([]);
    expect(starts).toEqual([]);
    expect(await cloudRow(page, 'mark-lost.zip').innerText()).toContain('13.6\u00a0MB');
  });

  it("a file the server refuses for good says why in the page's language, is not sent again, and may be removed (French)", async () => {
    const page = await openScreen(Role.tech_capture, 'fr');
    const path = join(dir, 'pas-une-archive.zip');
    writeFileSync(path, Buffer.from('MZ ceci est un programme, pas une archive. '.repeat(5000)));
    const puts = countStoragePuts(page);
    await fileInput(page).setInputFiles(path);
    const upload = page.getByRole('button', { name: fr.injector.upload });
    await upload.click();
    const item = page.getByRole('listitem', { name: 'pas-une-archive.zip' });
    await item.getByText(fr.injector.reason.not_archive).waitFor({ timeout: 60_000 });
    await item.getByText(fr.injector.not_sent_again).waitFor();
    expect(await item.getAttribute('data-status')).toBe('error');
    expect(puts.parts()).toEqual([null]);
    // Nothing left to send: Upload is off, and the refused row can be removed.
    expect(await upload.isDisabled()).toBe(true);
    await item.getByRole('button', { name: fr.injector.remove.replace('{{name}}', 'pas-une-archive.zip') }).click();
    await item.waitFor({ state: 'detached' });
  });

  it('after sending, the list shows the day the file was filed under, whatever day it showed', async () => {
    const page = await openScreen(Role.tech_capture);
    // The browser's today (the day files are filed under) and another day of its month.
    const { today, other, otherName } = await page.evaluate(() => {
      const now = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      const day = now.getDate() === 1 ? 2 : 1;
      const month = now.toLocaleString('en-US', { month: 'long' });
      return {
        today: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
        other: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(day)}`,
        otherName: `${day} ${month} ${now.getFullYear()}`,
      };
    });
    const picker = page.getByRole('button', { name: en.injector.date });
    await picker.click();
    await page.getByRole('button', { name: otherName, exact: true }).click();
    await expect.poll(() => picker.innerText()).toContain(other);

    await fileInput(page).setInputFiles(zipFile('filed-today.zip', 40_000).path);
    await page.getByRole('button', { name: en.injector.upload }).click();
    await cloudRow(page, 'filed-today.zip').waitFor({ timeout: 60_000 });
    await expect.poll(() => picker.innerText()).toContain(today);
    await page.getByRole('listitem', { name: 'filed-today.zip' }).getByRole('button', { name: /Filed under/ }).waitFor();
  });

  it('a download link that cannot be fetched shows the alert', async () => {
    const page = await openScreen(Role.tech_capture);
    await fileInput(page).setInputFiles(zipFile('link-card.zip', 50_000).path);
    await page.getByRole('button', { name: en.injector.upload }).click();
    await cloudRow(page, 'link-card.zip').waitFor();
    await page.route('**/api/rij/getDownloadLink**', (route) => void route.fulfill({ status: 500, body: '{}' }));
    await cloudRow(page, 'link-card.zip').getByRole('button', { name: /Download/ }).click();
    await page.getByRole('dialog').getByText(en.injector.download_error).waitFor();
  });
});
