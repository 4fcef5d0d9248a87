import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_ALT_LENGTH } from '../../../studio/schemaTypes/constants';
import { SAMPLE_DATASET_PATH } from './contentSource';
import { createContentApi } from './index';

type Doc = Record<string, unknown> & { _id: string };
type Picture = Record<string, unknown> & { asset: { _ref: string } };
const sample: Doc[] = readFileSync(SAMPLE_DATASET_PATH, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Doc);
const directory = mkdtempSync(join(tmpdir(), 'content-images-'));
let fileCount = 0;

/** A content API over a copy of the sample dataset in which some documents were changed or removed. */
function contentWith(changes: Record<string, (document: Doc) => Doc | null>) {
  const documents = sample.flatMap((document) => {
    const change = changes[document._id];
    const changed = change ? change(structuredClone(document)) : document;
    return changed === null ? [] : [changed];
  });
  const datasetPath = join(directory, `dataset-${++fileCount}.ndjson`);
  writeFileSync(datasetPath, documents.map((document) => JSON.stringify(document)).join('\n'));
  return createContentApi({ kind: 'local', datasetPath });
}
const hero = (trip: Doc) => trip['heroImage'] as Picture;

describe('pictures in content', () => {
  it('come with alt text, crop, hotspot and the asset size the page needs', async () => {
    const trip = await createContentApi({ kind: 'local', datasetPath: SAMPLE_DATASET_PATH }).getTrip(
      'usa-paranormal-road-trip',
    );
    expect(trip?.heroImage).toMatchObject({
      alt: expect.stringMatching(/^Illustration: /),
      crop: { top: 0, bottom: 0, left: 0, right: 0 },
      hotspot: { x: expect.any(Number), y: expect.any(Number) },
      asset: {
        _id: expect.stringMatching(/^image-/),
        path: 'images/usa-road-at-dusk.jpg',
        width: 1800,
        height: 1200,
      },
    });
    expect(trip?.gallery?.map(({ caption }) => caption)).toEqual([
      'An asylum of the Kirkbride plan',
      'The retired liner at her berth',
    ]);
  });

  it('stop the build without alt text, naming the field', async () => {
    const content = contentWith({
      'trip-usa': (trip) => {
        delete hero(trip)['alt'];
        return trip;
      },
    });
    await expect(content.getTrips()).rejects.toThrow(
      'Content error in trip "trip-usa" (trip): field "heroImage.alt" must be non-empty text',
    );
  });

  it('stop the build with blank or overlong alt text in the gallery', async () => {
    const blank = contentWith({
      'trip-vietnam': (trip) => {
        (trip['gallery'] as Picture[])[1]!['alt'] = '  ';
        return trip;
      },
    });
    await expect(blank.getTrips()).rejects.toThrow('field "gallery[1].alt" must be non-empty text');
    const long = contentWith({
      homePage: (home) => {
        hero(home)['alt'] = 'x'.repeat(MAX_ALT_LENGTH + 1);
        return home;
      },
    });
    await expect(long.getHomePage()).rejects.toThrow(
      `homePage "homePage" (homePage): field "heroImage.alt" must be at most ${MAX_ALT_LENGTH} characters`,
    );
  });

  it('stop the build when a trip has no hero picture or its asset is gone', async () => {
    const noHero = contentWith({ 'trip-tasmania': ({ heroImage: _dropped, ...trip }) => trip as Doc });
    await expect(noHero.getTrips()).rejects.toThrow(
      'trip "trip-tasmania" (trip): field "heroImage" must be an object',
    );
    const tasmania = sample.find(({ _id }) => _id === 'trip-tasmania')!;
    const missingAsset = contentWith({ [hero(tasmania).asset._ref]: () => null });
    await expect(missingAsset.getTrips()).rejects.toThrow(
      'field "heroImage.asset" must point at an uploaded image (the asset is missing)',
    );
  });

  it('leave the landing page without a hero picture when it has none', async () => {
    const content = contentWith({ homePage: ({ heroImage: _dropped, ...home }) => home as Doc });
    expect((await content.getHomePage()).heroImage).toBeNull();
  });
});
