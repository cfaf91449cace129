import { describe, expect, it } from 'vitest';
import { VIDEO_TEMPLATES } from '#shared/catalogue/videos.ts';
import type { StoredPicture } from '../storage/pictures.ts';
import { videoPictureLimit, videoPictures } from './video-job.ts';

const [classic, dynamic] = VIDEO_TEMPLATES as [(typeof VIDEO_TEMPLATES)[number], (typeof VIDEO_TEMPLATES)[number]];

describe("a video's pictures (part 3 §3, §9)", () => {
  it('shows about 10 photos without a recommendation range, the top of the range with one', () => {
    expect(videoPictureLimit(classic, undefined)).toBe(10);
    expect(videoPictureLimit(classic, { recommendation_max: 0 })).toBe(10);
    expect(videoPictureLimit(dynamic, undefined)).toBe(12);
    expect(videoPictureLimit(classic, { recommendation_max: 25 })).toBe(25);
    expect(videoPictureLimit(dynamic, { recommendation_max: 6 })).toBe(6);
  });

  it('takes those chosen for videos when any is, else the public ones, in order, up to the limit', () => {
    const picture = (picture_index: number, extra: Partial<StoredPicture> & { included_in_video?: boolean }) => ({ picture_index, public: false, ...extra }) as StoredPicture;
    const all = Array.from({ length: 30 }, (_, i) => picture(i, { public: i % 2 === 0 }));
    expect(videoPictures(all, 10).map((p) => p.picture_index)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
    expect(videoPictures(all, 25)).toHaveLength(15);
    const chosen = all.map((p) => (p.picture_index % 5 === 0 ? { ...p, included_in_video: true } : p));
    expect(videoPictures(chosen, 10).map((p) => p.picture_index)).toEqual([0, 5, 10, 15, 20, 25]);
  });
});
