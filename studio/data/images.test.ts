// The sample pictures: each asset document describes its file exactly (the id Sanity would give it on
// upload, its size and dimensions), every picture in the dataset points at one, and the Studio's rules
// refuse a picture without alt text.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_ALT_LENGTH, MAX_GALLERY_IMAGES } from '../schemaTypes/constants';
import { readSampleDataset, type SampleDocument } from '../test/sampleDataset';
import { validateAgainstSchema } from '../test/validateAgainstSchema';

const DATA_DIR = fileURLToPath(new URL('.', import.meta.url));
const MAX_FILE_BYTES = 200 * 1024;

const dataset = readSampleDataset();
const assets = dataset.filter(({ _type }) => _type === 'sanity.imageAsset');
const trips = dataset.filter(({ _type }) => _type === 'trip');
type Picture = { asset: { _ref: string }; alt: string };

/** Every `asset._ref` in the documents, with the path of the field that holds it. */
function imageRefs(value: unknown, path: string, found: { path: string; ref: string }[] = []) {
  if (Array.isArray(value)) value.forEach((item, index) => imageRefs(item, `${path}[${index}]`, found));
  else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const asset = record['asset'] as { _ref?: unknown } | undefined;
    if (typeof asset?._ref === 'string') found.push({ path, ref: asset._ref });
    for (const [key, child] of Object.entries(record)) imageRefs(child, `${path}.${key}`, found);
  }
  return found;
}
const refs = dataset
  .filter(({ _type }) => _type !== 'sanity.imageAsset')
  .flatMap((document) => imageRefs(document, document._id));

describe('sample pictures', () => {
  it.each(assets.map((asset) => [asset['originalFilename'] as string, asset]))(
    '%s is described exactly by its asset document',
    async (_name, asset: SampleDocument) => {
      const bytes = readFileSync(`${DATA_DIR}${asset['path'] as string}`);
      const sha1 = createHash('sha1').update(bytes).digest('hex');
      const { width, height, format } = await sharp(bytes).metadata();
      expect(format).toBe('jpeg');
      expect(asset._id).toBe(`image-${sha1}-${width}x${height}-jpg`);
      expect(asset).toMatchObject({ sha1hash: sha1, assetId: sha1, size: bytes.length, extension: 'jpg' });
      expect(asset['metadata']).toMatchObject({
        dimensions: { width, height, aspectRatio: width! / height! },
      });
      expect(bytes.length).toBeLessThanOrEqual(MAX_FILE_BYTES);
    },
  );

  it('keeps no file that the dataset does not use, and no asset that nothing shows', () => {
    const files = readdirSync(`${DATA_DIR}images`).filter((name) => name.endsWith('.jpg'));
    expect(assets.map((asset) => asset['path']).sort()).toEqual(files.map((name) => `images/${name}`).sort());
    const used = new Set(refs.map(({ ref }) => ref));
    expect(assets.filter(({ _id }) => !used.has(_id)).map(({ _id }) => _id)).toEqual([]);
  });

  it('points every picture at an asset in the dataset', () => {
    const ids = new Set(assets.map(({ _id }) => _id));
    expect(refs.filter(({ ref }) => ref.startsWith('image-') && !ids.has(ref))).toEqual([]);
  });

  it('gives every trip a hero picture and the landing page one', () => {
    for (const trip of [...trips, dataset.find(({ _id }) => _id === 'homePage')!]) {
      expect(trip['heroImage'], trip._id).toMatchObject({
        asset: { _ref: expect.stringMatching(/^image-/) },
      });
    }
  });
});

describe('Studio rules for pictures', () => {
  const trip = () => structuredClone(trips[0]!);
  const withReplaced = (replacement: SampleDocument) =>
    dataset.map((document) => (document._id === replacement._id ? replacement : document));

  it('refuses a picture without alt text, or with more than the limit', async () => {
    const noAlt = trip();
    delete (noAlt['heroImage'] as Partial<Picture>).alt;
    expect(await validateAgainstSchema(withReplaced(noAlt))).toContainEqual(
      expect.objectContaining({ documentId: noAlt._id, path: 'heroImage.alt', message: 'Required' }),
    );
    const longAlt = trip();
    (longAlt['gallery'] as Picture[])[0]!.alt = 'x'.repeat(MAX_ALT_LENGTH + 1);
    const problems = await validateAgainstSchema(withReplaced(longAlt));
    expect(problems.map(({ path }) => path)).toEqual([expect.stringMatching(/^gallery\..*\.alt$/)]);
  });

  it('requires a trip hero picture and at most the gallery limit', async () => {
    const noHero = trip();
    delete noHero['heroImage'];
    expect(await validateAgainstSchema(withReplaced(noHero))).toContainEqual(
      expect.objectContaining({ path: 'heroImage', message: 'Required' }),
    );
    const crowded = trip();
    const first = (crowded['gallery'] as Picture[])[0]!;
    crowded['gallery'] = Array.from({ length: MAX_GALLERY_IMAGES + 1 }, (_, index) => ({
      ...first,
      _key: `k${index}`,
    }));
    expect(await validateAgainstSchema(withReplaced(crowded))).toContainEqual(
      expect.objectContaining({ path: 'gallery' }),
    );
  });
});
