import { describe, expect, it } from 'vitest';
import { ownStack } from '../support/provided.ts';
import type { Locator, Page } from 'playwright-core';
import { getVideo, insertVideo, markVideoFailed, markVideoRunning, markVideoUploaded, setJobId, videosOfListing } from '#functions/storage/videos.ts';
import { VideoCreationStatus } from '#shared/enums.ts';
import { Role, type RoleId } from '#shared/roles.ts';
import { brokerTeam, listingWithPictures } from '../integration/video-support.ts';
import { reviewListing } from '../support/review-listing.ts';
import { PHONE_WIDTH, useBrowser, waitForPath } from './browser.ts';
import { BROWSER_LOCALE, loginAs, textsIn, type Lang } from './fixtures.ts';
import { VIDEO_TEMPLATE_THUMBNAIL } from '#shared/rules/video-template-thumbnail.ts';

/**
 * Part 3 screen 12 "Video job monitor" as a post-production lead lives it, in French then English:
 * a failed job (red, its logs in the dialog) is reset and goes back in the queue; an uploaded job
 * (green) offers no reset; a job's execution and brokers are read in their columns on a phone. Then
 * the review screen's automated-videos panel (screen 5): a queueing that fails says so (§8), though
 * the video, failed, then renders nothing there (§4); a video is created fronted by a teammate of
 * the listing's broker.
 */
const baseUrl = ownStack().baseUrl;
const browser = useBrowser(baseUrl);

async function onDashboard(lang: Lang): Promise<Page> {
  const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
  await loginAs(page, Role.tech_postprod_lead, lang);
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto('/video_dashboard');
  await page.getByRole('heading', { level: 1, name: textsIn(lang)('route.video_dashboard') }).waitFor();
  return page;
}

/** A job of a listing without pictures: its runs fail at once (VideoInputError). */
async function jobs() {
  const listing = await listingWithPictures(0);
  const fields = { listing_id: listing.id, requested_by: listing.broker_id, broker_team_member_id: null, is_broker_photo_visible: true, main_broker_id: listing.broker_id, current_broker_id: listing.broker_id };
  const failed = await insertVideo({ ...fields, template_id: 1 }, true);
  await markVideoFailed(failed.id, 'VideoInputError: The listing has no pictures for a video.', ['Rendering stopped.']);
  const uploaded = await insertVideo({ ...fields, template_id: 2 }, true);
  await markVideoRunning(uploaded.id, 'render-host-7');
  await markVideoUploaded(uploaded.id, { mp4_key: `listings/${listing.id}/videos/${uploaded.id}/landscape.mp4`, instagram_key: `listings/${listing.id}/videos/${uploaded.id}/instagram.mp4`, duration_s: 12 });
  return { failed, uploaded };
}

describe.each(['fr', 'en'] as const)('video job monitor, in %s', (lang) => {
  const t = textsIn(lang);

  it('shows a failed job in red with its logs, resets it into the queue, and offers no reset for an uploaded job', async () => {
    const { failed, uploaded } = await jobs();
    const page = await onDashboard(lang);

    const failedRow = page.locator(`tr[data-job="${failed.id}"]`);
    await failedRow.getByText(t('videos.status.3')).waitFor();
    expect(await failedRow.locator('[data-status]').getAttribute('data-status')).toBe(String(VideoCreationStatus.failure));
    const uploadedRow = page.locator(`tr[data-job="${uploaded.id}"]`);
    await uploadedRow.getByText(t('videos.status.2')).waitFor();
    expect(await uploadedRow.getByRole('button', { name: t('videos.reset_of', { id: uploaded.id }) }).count()).toBe(0);
    // Where it ran, in the screen's language.
    await uploadedRow.getByText(t('videos.ran_on', { vm: 'render-host-7' }), { exact: true }).waitFor();

    // The log dialog: every line, the failure last.
    await failedRow.getByRole('button', { name: t('videos.logs_of', { id: failed.id }) }).click();
    const dialog = page.getByRole('dialog', { name: t('videos.logs_title', { id: failed.id }) });
    await dialog.getByText('Failed: VideoInputError: The listing has no pictures for a video.').waitFor();
    await dialog.getByText('Rendering stopped.').waitFor();
    await dialog.getByRole('button', { name: t('videos.close') }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Reset: back in the queue (status 1), and its job runs again.
    await failedRow.getByRole('button', { name: t('videos.reset_of', { id: failed.id }) }).click();
    await page.getByRole('status').getByText(t('videos.reset_done', { id: failed.id })).waitFor();
    const after = (await getVideo(failed.id))!;
    expect(after.queued_at).toHaveLength(2);
    expect(after.logs.some((l) => l.message.startsWith('Reset by user'))).toBe(true);
  });
});

/** The cell of a row under the column headed `header` (as a reader finds it: by the header's place). */
async function cellUnder(row: Locator, header: string): Promise<Locator> {
  const headers = await row.page().locator('thead th').allInnerTexts();
  expect(headers).toContain(header);
  return row.getByRole('cell').nth(headers.indexOf(header));
}

/** Whether no word of the element's text is cut over two lines (a column squeezed narrower than its words breaks them). */
const wordsWhole = (cell: Locator) =>
  cell.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.textContent!.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (range.getClientRects().length > 1) return false;
      }
    }
    return true;
  });

describe.each(['fr', 'en'] as const)('video job monitor columns, in %s', (lang) => {
  const t = textsIn(lang);

  it("shows a job's execution and its main, current and secondary brokers by name, on a phone without sideways scrolling", async () => {
    const { broker, teammate } = await brokerTeam();
    const listing = await listingWithPictures(0, { brokerId: broker.id });
    const fields = { listing_id: listing.id, template_id: 1, requested_by: broker.id, is_broker_photo_visible: true, main_broker_id: broker.id };
    const fronted = await insertVideo({ ...fields, broker_team_member_id: teammate.id, current_broker_id: teammate.id }, true);
    const execution = `local:videoWorkflow:video-${fronted.id}-run-1-${Date.now()}`;
    await setJobId(fronted.id, execution);
    const own = await insertVideo({ ...fields, broker_team_member_id: null, current_broker_id: broker.id }, false);

    const page = await onDashboard(lang);
    await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
    const name = (b: { firstname: string; lastname: string }) => `${b.firstname} ${b.lastname}`;
    const read = async (row: Locator, header: string) => (await (await cellUnder(row, header)).innerText()).trim();
    const frontedRow = page.locator(`tr[data-job="${fronted.id}"]`);
    await frontedRow.waitFor();
    expect(await read(frontedRow, t('videos.col.job_id'))).toBe(execution);
    expect(await read(frontedRow, t('videos.col.main_broker'))).toBe(name(broker));
    expect(await read(frontedRow, t('videos.col.current_broker'))).toBe(name(teammate));
    expect(await read(frontedRow, t('videos.col.secondary_broker'))).toBe(name(teammate));
    const ownRow = page.locator(`tr[data-job="${own.id}"]`);
    expect(await read(ownRow, t('videos.col.job_id'))).toBe('—');
    expect(await read(ownRow, t('videos.col.current_broker'))).toBe(name(broker));
    expect(await read(ownRow, t('videos.col.secondary_broker'))).toBe('—');
    // Each broker's name reads whole (the table scrolls in its own box), and the page does not scroll sideways.
    for (const header of ['main_broker', 'current_broker', 'secondary_broker']) expect(await wordsWhole(await cellUnder(frontedRow, t(`videos.col.${header}`))), header).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
  });
});

describe.each(['fr', 'en'] as const)("review screen's automated-videos panel, in %s", (lang) => {
  const t = textsIn(lang);

  it('offers an admin, not other staff, to queue a requested video, and says so when queueing fails, although the video then failed and renders nothing (part 3 §4, §8)', async () => {
    const { listing } = await reviewListing({ street: `rue des Vidéos en échec ${lang}`, pictures: 0, unseen: () => false, original: { width: 60, height: 40 } });
    const fields = { listing_id: listing.id, requested_by: listing.broker_id, broker_team_member_id: null, is_broker_photo_visible: true, main_broker_id: listing.broker_id, current_broker_id: listing.broker_id };
    const failed = await insertVideo({ ...fields, template_id: 1 }, true);
    await markVideoFailed(failed.id, 'VideoInputError: The listing has no pictures for a video.', []);
    const requested = await insertVideo({ ...fields, template_id: 2 }, false);
    const panelAs = async (role: RoleId) => {
      const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
      await loginAs(page, role, lang);
      await page.waitForURL((url) => url.pathname !== '/login');
      await page.goto(`/tech_review/${listing.id}`);
      return page;
    };

    // The post-production lead sees the requested video, without 'Add to queue' (queueing is an admin's).
    const lead = await panelAs(Role.tech_postprod_lead);
    await lead.locator(`[data-video="${requested.id}"]`).getByText(t('videos.video_of', { id: requested.id, template: t('videos.template_names.2') })).waitFor();
    expect(await lead.getByRole('button', { name: t('videos.add_to_queue') }).count()).toBe(0);

    const page = await panelAs(Role.admin);
    // Part 3 §4: a failed video renders nothing in the panel (the job monitor shows it, red, with Reset).
    const requestedItem = page.locator(`[data-video="${requested.id}"]`);
    await requestedItem.getByRole('button', { name: t('videos.add_to_queue') }).waitFor();
    expect(await page.locator(`[data-video="${failed.id}"]`).count()).toBe(0);

    // Queueing a requested video whose job cannot start: the server marks the video failed and
    // answers an error (use-cases/video-views.ts startVideoJob); this stand-in does the same.
    const queuePath = `/api/videos/${requested.id}/queue`;
    await page.route(`**${queuePath}`, async (route) => {
      await markVideoFailed(requested.id, 'The video job could not start: StartExecution was refused.', []);
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'server_error', message: 'StartExecution was refused.' } }) });
    });
    await requestedItem.getByRole('button', { name: t('videos.add_to_queue') }).click();
    // Part 3 §8, in the screen's language, in a dialog that stays although the video no longer renders.
    await page.getByRole('dialog').getByText(t('videos.error'), { exact: true }).waitFor();
    await expect.poll(() => requestedItem.count()).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: t('common.ok'), exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it("creates a video fronted by a broker of the listing's broker's team, chosen among them (another team's broker is not offered)", async () => {
    const { broker, teammate, stranger } = await brokerTeam();
    const { listing } = await reviewListing({ street: `rue des Vidéos en équipe ${lang}`, pictures: 0, unseen: () => false, original: { width: 60, height: 40 }, broker });
    const name = (b: { firstname: string; lastname: string }) => `${b.firstname} ${b.lastname}`;

    const { page } = await browser.visit({ locale: BROWSER_LOCALE[lang] });
    await loginAs(page, Role.tech_postprod_lead, lang);
    await waitForPath(page, '/tech_review');
    await page.goto(`/tech_review/${listing.id}`);

    const fronting = page.getByLabel(t('videos.fronting_broker'));
    await fronting.locator('option').nth(1).waitFor({ state: 'attached' });
    expect(await fronting.locator('option').allInnerTexts()).toEqual([t('videos.listing_broker', { name: name(broker) }), name(teammate)]);
    expect(await fronting.locator('option').allInnerTexts()).not.toContain(name(stranger));
    await page.getByLabel(t('videos.template')).selectOption({ label: t('videos.template_names.1') });
    // The chosen template's thumbnail: a frame of its own rendering, loaded.
    const preview = page.getByRole('img', { name: t('videos.template_preview', { name: t('videos.template_names.1') }) });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(VIDEO_TEMPLATE_THUMBNAIL.width);
    await fronting.selectOption({ label: name(teammate) });
    await page.getByRole('button', { name: t('videos.create') }).click();

    // The new video shows in the panel; its record names the teammate as the broker fronting it.
    await page.locator('[data-video]').first().waitFor();
    const [video] = await videosOfListing(listing.id);
    expect(video).toMatchObject({ broker_team_member_id: teammate.id, current_broker_id: teammate.id, main_broker_id: broker.id, template_id: 1 });
  });
});
