import { mediaObjectSize, putMediaObject } from '#functions/plumbing/media-objects.ts';
import { insertRelease, markUploaded, releaseObjectKey, setPublic } from '#functions/storage/releases.ts';
import { RELEASE_APPS, RELEASE_CONTENT_TYPE } from '#shared/catalogue/releases.ts';
import type { SeedContext } from './context.ts';

/**
 * App releases (/releases): two or three versions per app, the older ones public, the newest still
 * private on some apps; each file is a small archive-like blob in the media bucket, so the CDN link
 * downloads and getLatestRelease answers.
 */
const VERSIONS: Record<(typeof RELEASE_APPS)[number], readonly { version: string; public: boolean }[]> = {
  ppworker: [{ version: '3.2.0', public: true }, { version: '3.3.0', public: true }, { version: '3.4.0-beta.1', public: false }],
  pptechapp: [{ version: '1.8.4', public: true }, { version: '1.9.0', public: false }],
  mobilevrapp: [{ version: '5.0.1', public: true }, { version: '5.1.0', public: true }],
  vrupdater: [{ version: '0.9.12', public: true }],
  techappupdater: [{ version: '2.0.0', public: true }, { version: '2.0.1', public: false }],
  techapp: [{ version: '4.12.0', public: true }, { version: '4.13.2', public: true }],
  'remote-injector-gui': [{ version: '1.0.0', public: true }, { version: '1.1.0', public: false }],
};

const EXTENSION: Record<(typeof RELEASE_APPS)[number], string> = {
  ppworker: 'zip',
  pptechapp: 'apk',
  mobilevrapp: 'apk',
  vrupdater: 'exe',
  techappupdater: 'exe',
  techapp: 'apk',
  'remote-injector-gui': 'msi',
};

export async function seedReleases({ now, log }: SeedContext): Promise<void> {
  let count = 0;
  for (const app of RELEASE_APPS) {
    for (const { version, public: isPublic } of VERSIONS[app]) {
      const filename = `${app}-${version}.${EXTENSION[app]}`;
      const bytes = new TextEncoder().encode(`${app} ${version}\n`.repeat(64));
      const release = await insertRelease({ app, version, filename, size: bytes.length }, now);
      await putMediaObject(releaseObjectKey(release), bytes, RELEASE_CONTENT_TYPE);
      const uploaded = await markUploaded(release, await mediaObjectSize(releaseObjectKey(release)), now);
      if (isPublic) await setPublic(uploaded, true);
      count++;
    }
  }
  log(`seeded ${count} app releases`);
}
