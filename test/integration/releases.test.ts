import { describe, expect, it } from 'vitest';
import { completeReleaseUpload, createRelease, getLatestRelease, getReleases, RELEASE_CONTENT_TYPE, toggleReleasePublic } from '#shared/catalogue/releases.ts';
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

  it('refuses a second release of a version, a file of another size, and bad input', async () => {
    const { token } = await tokenFor(Role.superadmin);
    const version = `8.${Date.now() % 1_000_000}.0-beta.1`;
    const created = bodyOf(await callOp(createRelease, { app: 'ppworker', version, filename: 'ppworker.zip', size: 10 }, token));
    errorOf(await callOp(createRelease, { app: 'ppworker', version, filename: 'other.zip', size: 10 }, token), 409);
    // s3rver does not check the signed length: the completion does.
    expect((await put(created.upload.url, Buffer.from('too long for ten'))).ok).toBe(true);
    expect(errorOf(await callOp(completeReleaseUpload, { app: 'ppworker', id: created.release.id }, token), 422).message).toMatch(/declared size/);

    const bad = errorOf(await callOp(createRelease, { app: 'ppworker', version: '1..2', filename: '../x.zip', size: 0 }, token), 400);
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(['filename', 'size', 'version']);
    errorOf(await callOp(getReleases, { app: 'nope' as 'techapp' }, token), 400);
    errorOf(await callOp(toggleReleasePublic, { app: 'ppworker', id: 999_999_999, public: true }, token), 404);
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
