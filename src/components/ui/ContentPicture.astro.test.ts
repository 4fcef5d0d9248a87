import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContentImage } from '../../lib/content/types';
import ContentPicture from './ContentPicture.astro';

// Decision 0069, rendered: one component, the Sanity CDN when the content is hosted, the sample files
// through Astro's pipeline otherwise, always with alt, width, height and the loading the placement asks.

const road: ContentImage = {
  alt: 'Illustration: an empty straight road at dusk',
  caption: null,
  crop: null,
  hotspot: { x: 0.5, y: 0.6, width: 0.4, height: 0.4 },
  asset: {
    _id: 'image-7b10df3007b4240491b32a471c72eb0018b99c03-1800x1200-jpg',
    path: 'images/usa-road-at-dusk.jpg',
    width: 1800,
    height: 1200,
  },
};
const props = { image: road, aspectRatio: 3 / 2, widths: [400, 800], sizes: '100vw', class: 'block' };

let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});
const savedProject = process.env['SANITY_PROJECT_ID'];
afterEach(() => {
  if (savedProject === undefined) delete process.env['SANITY_PROJECT_ID'];
  else process.env['SANITY_PROJECT_ID'] = savedProject;
});
const attribute = (html: string, tag: string, name: string) =>
  new RegExp(`<${tag}\\b[^>]*\\s${name}="([^"]*)"`).exec(html)?.[1];

describe('a content picture', () => {
  it('comes from the Sanity CDN when the content is hosted: one <img>, crop and format by the CDN', async () => {
    process.env['SANITY_PROJECT_ID'] = 'abc123';
    const html = await container.renderToString(ContentPicture, { props });
    expect(html).not.toContain('<picture');
    expect(attribute(html, 'img', 'alt')).toBe(road.alt);
    expect([attribute(html, 'img', 'width'), attribute(html, 'img', 'height')]).toEqual(['1800', '1200']);
    const srcset = attribute(html, 'img', 'srcset')!.replaceAll('&amp;', '&');
    expect(srcset.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['400w', '800w']);
    expect(srcset).toMatch(
      /^https:\/\/cdn\.sanity\.io\/images\/abc123\/production\/7b10df30\S+-1800x1200\.jpg\?/,
    );
    expect(srcset).toContain('auto=format');
    expect(attribute(html, 'img', 'loading')).toBe('lazy');
    expect(attribute(html, 'img', 'decoding')).toBe('async');
  });

  it('comes from the sample file otherwise: AVIF and WebP srcsets made by Astro, a JPEG fallback', async () => {
    delete process.env['SANITY_PROJECT_ID'];
    const html = await container.renderToString(ContentPicture, { props: { ...props, priority: true } });
    expect(attribute(html, 'source', 'type')).toBe('image/avif');
    expect(html).toContain('type="image/webp"');
    const avif = attribute(html, 'source', 'srcset')!;
    expect(avif.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['400w', '800w']);
    expect(avif).toContain('f=avif');
    expect(attribute(html, 'source', 'sizes')).toBe('100vw');
    expect(attribute(html, 'img', 'src')).toContain('f=jpg');
    expect([attribute(html, 'img', 'width'), attribute(html, 'img', 'height')]).toEqual(['1800', '1200']);
    expect(attribute(html, 'img', 'loading')).toBe('eager');
    expect(attribute(html, 'img', 'fetchpriority')).toBe('high');
  });

  it('cuts a 16:9 picture from the 3:2 file, around the hotspot', async () => {
    delete process.env['SANITY_PROJECT_ID'];
    const html = await container.renderToString(ContentPicture, { props: { ...props, aspectRatio: 16 / 9 } });
    expect([attribute(html, 'img', 'width'), attribute(html, 'img', 'height')]).toEqual(['1800', '1013']);
    const avif = attribute(html, 'source', 'srcset')!.replaceAll('&amp;', '&');
    expect(avif).toContain('w=800&h=450');
    expect(avif).toContain('fit=cover');
    expect(avif).toContain('position=centre');
  });
});
