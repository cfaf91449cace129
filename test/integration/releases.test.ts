import { describe, expect, it } from 'vitest';
import { completeReleaseUpload, createRelease, getLatestRelease, getReleases, RELEASE_CONTENT_TYPE, RELEASE_MESSAGES, toggleReleasePublic } from '#shared/catalogue/releases.ts';
import { Role } from '#shared/roles.ts';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp, errorOf } from '../support/operations.ts';

const put = (url: string, body: Buffer) => fetch(url, { method: 'PUT', headers: { 'content-type': RELEASE_CONTENT_TYPE }, body: new Uint8Array(body) });

describe('releases', () => {
  it('adds a version, uploads its file, makes it public, and the app gets it as its latest', async () => {
    const { token } = await tokenFor(Role.admin);
    const version = `7.${Date.now() % 1_000_000}.0`;
    const content = Buffer.from(`techapp ${version}\n`.repeat(50));
    const created = bodyOf(await callOp(createRelease, { app: 'techapp', version, filename: `techapp-${version}.apk`, size: content.length }, token));
    expect(created.release).toMatchObject({ app: 'techapp', version, public: false, uploaded: false, cdn_url: null });
    expect(created.upload.url).toContain(`releases/techapp/${version}/techapp-${version}.apk`);

    // Not public before its file is there.
    errorOf(await callOp(toggleReleasePublic, { app: 'techapp', id: created.release.id, public: true }, token), 422);
    errorOf(await callOp(completeReleaseUpload, { app: 'techapp', id: created.release.id }, token), 422);
    expect((await put(created.upload.url, content)).ok).toBe(true);
    const uploaded = bodyOf(await callOp(completeReleaseUpload, { app: 'techapp', id: created.release.id }, token)).release;
    expect(uploaded.uploaded).toBe(true);
    expect(await (await fetch(uploaded.cdn_url!)).text()).toBe(content.toString());

    const listed = bodyOf(await callOp(getReleases, { app: 'techapp' }, token)).app;
    expect(listed.name).toBe('techapp');
    expect(listed.releases[0]!.version).toBe(version);

    bodyOf(await callOp(toggleReleasePublic, { app: 'techapp', id: created.release.id, public: true }, token));
    const latest = bodyOf(await callOp(getLatestRelease, { app: 'techapp' }));
    expect(latest).toMatchObject({ app: 'techapp', version, size: content.length });
    expect(await (await fetch(latest.cdn_url)).text()).toBe(content.toString());

    // Back to private: the app falls back to the previous public version.
    bodyOf(await callOp(toggleReleasePublic, { app: 'techapp', id: created.release.id, public: false }, token));
    expect(bodyOf(await callOp(getLatestRelease, { app: 'techapp' })).version).not.toBe(version);
  });

  it('refuses a second release of an uploaded version, a file of another size, and bad input', async () => {
    const { token } = await tokenFor(Role.superadmin);
    const version = `8.${Date.now() % 1_000_000}.0-beta.1`;
    const created = bodyOf(await callOp(createRelease, { app: 'ppworker', version, filename: 'ppworker.zip', size: 10 }, token));
    // s3rver does not check the signed length: the completion does.
    expect((await put(created.upload.url, Buffer.from('too long for ten'))).ok).toBe(true);
    expect(errorOf(await callOp(completeReleaseUpload, { app: 'ppworker', id: created.release.id }, token), 422).message).toMatch(/declared size/);
    expect((await put(created.upload.url, Buffer.from('ten bytes!'))).ok).toBe(true);
    expect(bodyOf(await callOp(completeReleaseUpload, { app: 'ppworker', id: created.release.id }, token)).release.uploaded).toBe(true);
    expect(errorOf(await callOp(createRelease, { app: 'ppworker', version, filename: 'other.zip', size: 10 }, token), 409).message).toBe(RELEASE_MESSAGES.duplicate);
    // Another spelling of the same version (a zero part added, a leading zero) is that version.
    const [core, label] = version.split('-') as [string, string];
    for (const twin of [`${core}.0-${label}`, `0${core}-beta.01`]) {
      expect(errorOf(await callOp(createRelease, { app: 'ppworker', version: twin, filename: 'other.zip', size: 10 }, token), 409).message).toBe(RELEASE_MESSAGES.duplicate);
    }

    const bad = errorOf(await callOp(createRelease, { app: 'ppworker', version: '1..2', filename: '../x.zip', size: 0 }, token), 400);
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(['filename', 'size', 'version']);
    errorOf(await callOp(getReleases, { app: 'nope' as 'techapp' }, token), 400);
    errorOf(await callOp(toggleReleasePublic, { app: 'ppworker', id: 999_999_999, public: true }, token), 404);
  });

  it('gives a release whose file never arrived a new upload URL when its version is added again, then keeps the version (ADR 0610)', async () => {
    const { token } = await tokenFor(Role.admin);
    const version = `9.${Date.now() % 1_000_000}.0`;
    const first = bodyOf(await callOp(createRelease, { app: 'pptechapp', version, filename: 'pptechapp.apk', size: 20 }, token));
    // The upload never happens (a network cut, a closed tab): the release stays without its file.
    errorOf(await callOp(completeReleaseUpload, { app: 'pptechapp', id: first.release.id }, token), 422);

    // The same version again (a rebuilt file, another name and size): the same release, a new PUT
    // for the file now declared — not a 409 that would use the version up for good.
    const content = Buffer.from(`pptechapp ${version}\n`.repeat(30));
    const again = bodyOf(await callOp(createRelease, { app: 'pptechapp', version, filename: `pptechapp-${version}.apk`, size: content.length }, token));
    expect(again.release).toMatchObject({ id: first.release.id, version, filename: `pptechapp-${version}.apk`, size: content.length, uploaded: false, public: false });
    expect(again.upload.url).toContain(`releases/pptechapp/${version}/pptechapp-${version}.apk`);
    expect((await put(again.upload.url, content)).ok).toBe(true);
    const uploaded = bodyOf(await callOp(completeReleaseUpload, { app: 'pptechapp', id: first.release.id }, token)).release;
    expect(uploaded).toMatchObject({ id: first.release.id, uploaded: true, size: content.length });
    expect(await (await fetch(uploaded.cdn_url!)).text()).toBe(content.toString());
    // One release of the version, not two.
    expect(bodyOf(await callOp(getReleases, { app: 'pptechapp' }, token)).app.releases.filter((r) => r.version === version).map((r) => r.id)).toEqual([first.release.id]);

    // Its file arrived: the version is taken.
    expect(errorOf(await callOp(createRelease, { app: 'pptechapp', version, filename: 'again.apk', size: 5 }, token), 409).message).toBe(RELEASE_MESSAGES.duplicate);
    expect(bodyOf(await callOp(getReleases, { app: 'pptechapp' }, token)).app.releases.find((r) => r.id === first.release.id)).toMatchObject({ filename: `pptechapp-${version}.apk`, size: content.length });
  });

  it('does not mark the upload of a file that was declared again meanwhile with another size', async () => {
    const { token } = await tokenFor(Role.admin);
    const version = `10.${Date.now() % 1_000_000}.0`;
    const first = bodyOf(await callOp(createRelease, { app: 'techappupdater', version, filename: 'updater.exe', size: 4 }, token));
    expect((await put(first.upload.url, Buffer.from('four'))).ok).toBe(true);
    // Before the first tab checks its upload, another declares the version again with a bigger file.
    bodyOf(await callOp(createRelease, { app: 'techappupdater', version, filename: 'updater.exe', size: 8 }, token));
    expect(errorOf(await callOp(completeReleaseUpload, { app: 'techappupdater', id: first.release.id }, token), 422).message).toMatch(/declared size/);
  });

  it('is for administrators, except the latest public version, which any app may ask', async () => {
    for (const role of [Role.broker, Role.releaser, Role.tech_capture]) {
      const { token } = await tokenFor(role);
      errorOf(await callOp(getReleases, { app: 'techapp' }, token), 403);
      errorOf(await callOp(createRelease, { app: 'techapp', version: '1.0.0', filename: 'a.apk', size: 1 }, token), 403);
    }
    errorOf(await callOp(getReleases, { app: 'techapp' }), 401);
    // A demo app release is public (seed); an unknown app is refused.
    expect(bodyOf(await callOp(getLatestRelease, { app: 'mobilevrapp' })).version).toEqual(expect.any(String));
    errorOf(await callOp(getLatestRelease, { app: 'nope' as 'techapp' }), 400);
  });
});
