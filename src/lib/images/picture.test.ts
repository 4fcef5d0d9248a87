import { describe, expect, it } from 'vitest';
import type { ContentImage } from '../content/types';
import { croppedSize, hotspotPosition, largestSize, srcsetWidths } from './picture-layout';
import { hostedPicture, pictureSourceOf } from './picture-source';

const image = (overrides: Partial<ContentImage> = {}): ContentImage => ({
  alt: 'Illustration: a road at dusk',
  caption: null,
  crop: { top: 0, bottom: 0, left: 0, right: 0 },
  hotspot: { x: 0.5, y: 0.5, width: 0.4, height: 0.4 },
  asset: {
    _id: 'image-7b10df3007b4240491b32a471c72eb0018b99c03-1800x1200-jpg',
    path: 'images/usa-road-at-dusk.jpg',
    width: 1800,
    height: 1200,
  },
  ...overrides,
});
const hosted = { kind: 'hosted', projectId: 'abc123', dataset: 'production' } as const;

describe('where pictures come from', () => {
  it('follows the content: the CDN for hosted Sanity, the sample files otherwise', () => {
    expect(
      pictureSourceOf({
        kind: 'hosted',
        projectId: 'abc123',
        dataset: 'staging',
        apiVersion: 'x',
        token: undefined,
      }),
    ).toEqual({ kind: 'hosted', projectId: 'abc123', dataset: 'staging' });
    expect(pictureSourceOf({ kind: 'local', datasetPath: 'studio/data/production.ndjson' })).toEqual({
      kind: 'local',
    });
  });
});

describe('picture sizes', () => {
  it('cuts the largest rectangle of the asked shape, after the crop, never upscaling', () => {
    expect(largestSize({ width: 1800, height: 1200 }, 16 / 9)).toEqual({ width: 1800, height: 1013 });
    expect(largestSize({ width: 1800, height: 1200 }, 1)).toEqual({ width: 1200, height: 1200 });
    expect(largestSize({ width: 1800, height: 1200 })).toEqual({ width: 1800, height: 1200 });
    expect(
      croppedSize({ width: 1800, height: 1200 }, { top: 0.1, bottom: 0.1, left: 0.25, right: 0 }),
    ).toEqual({
      width: 1350,
      height: 960,
    });
  });

  it('offers the wanted widths the picture can give, then its full width', () => {
    expect(srcsetWidths([640, 960, 1280, 1920], 1800)).toEqual([640, 960, 1280, 1800]);
    expect(srcsetWidths([960, 640], 1800)).toEqual([640, 960]);
    expect(srcsetWidths([1280], 600)).toEqual([600]);
  });

  it('rounds the hotspot to the nearest of sharp’s nine positions', () => {
    expect(hotspotPosition(null)).toBe('centre');
    expect(hotspotPosition({ x: 0.5, y: 0.5, width: 0.2, height: 0.2 })).toBe('centre');
    expect(hotspotPosition({ x: 0.2, y: 0.5, width: 0.2, height: 0.2 })).toBe('left');
    expect(hotspotPosition({ x: 0.9, y: 0.1, width: 0.2, height: 0.2 })).toBe('right top');
    expect(hotspotPosition({ x: 0.5, y: 0.8, width: 0.2, height: 0.2 })).toBe('bottom');
  });
});

describe('hosted pictures (Sanity image CDN)', () => {
  it('builds a srcset of CDN URLs in modern formats, with width and height of the largest', () => {
    const picture = hostedPicture(hosted, image(), { aspectRatio: 16 / 9, widths: [640, 1280, 1920] });
    expect(picture).toMatchObject({ width: 1800, height: 1013 });
    const urls = picture.srcset.split(', ');
    expect(urls.map((entry) => entry.split(' ')[1])).toEqual(['640w', '1280w', '1800w']);
    for (const entry of urls) {
      const url = new URL(entry.split(' ')[0]!);
      expect(url.origin + url.pathname).toBe(
        'https://cdn.sanity.io/images/abc123/production/7b10df3007b4240491b32a471c72eb0018b99c03-1800x1200.jpg',
      );
      expect(url.searchParams.get('auto')).toBe('format');
      expect(url.searchParams.get('fit')).toBe('crop');
    }
    const first = new URL(urls[0]!.split(' ')[0]!);
    expect([first.searchParams.get('w'), first.searchParams.get('h')]).toEqual(['640', '360']);
    expect(new URL(picture.src).searchParams.get('w')).toBe('1280');
  });

  it('applies the editor’s crop and crops around the hotspot', () => {
    const picture = hostedPicture(
      hosted,
      image({
        crop: { top: 0, bottom: 0.5, left: 0.5, right: 0 },
        hotspot: { x: 0.9, y: 0.1, width: 0.1, height: 0.1 },
      }),
      { widths: [600] },
    );
    expect(picture).toMatchObject({ width: 900, height: 600 });
    // The crop keeps the top-right quarter (900×600 from x 900); the hotspot moves nothing further here.
    expect(new URL(picture.src).searchParams.get('rect')).toBe('900,0,900,600');
    const wide = hostedPicture(hosted, image({ hotspot: { x: 0.9, y: 0.5, width: 0.1, height: 0.1 } }), {
      aspectRatio: 1,
      widths: [600],
    });
    // A square from a 3:2 picture, as far right as the hotspot asks.
    expect(new URL(wide.src).searchParams.get('rect')).toBe('600,0,1200,1200');
  });
});
