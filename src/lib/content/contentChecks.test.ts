import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLE_DATASET_PATH } from './contentSource';
import { ContentError, createContentApi, MissingContentError } from './index';

type Doc = Record<string, unknown> & { _id: string };
const sample: Doc[] = readFileSync(SAMPLE_DATASET_PATH, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Doc);
const directory = mkdtempSync(join(tmpdir(), 'content-checks-'));
let fileCount = 0;

/** A content API over a copy of the sample dataset in which one document was changed. */
function contentWith(id: string, change: (document: Doc) => Doc | null) {
  const documents = sample.flatMap((document) => {
    if (document._id !== id) return [document];
    const changed = change(structuredClone(document));
    return changed === null ? [] : [changed];
  });
  const datasetPath = join(directory, `dataset-${++fileCount}.ndjson`);
  writeFileSync(datasetPath, documents.map((document) => JSON.stringify(document)).join('\n'));
  return createContentApi({ kind: 'local', datasetPath });
}

describe('broken content stops the build with the document and field named', () => {
  it('nights out of range', async () => {
    const content = contentWith('trip-usa', (trip) => ({ ...trip, nights: 0 }));
    await expect(content.getTrips()).rejects.toThrow(
      'Content error in trip "trip-usa" (trip): field "nights" must be a whole number between 1 and 60',
    );
    await expect(content.getTrip('usa-paranormal-road-trip')).rejects.toBeInstanceOf(ContentError);
  });

  it('a haunted site without a city, with its path in the list', async () => {
    const content = contentWith('trip-usa', (trip) => {
      const sites = trip['hauntedSites'] as Doc[];
      delete sites[3]?.['city'];
      return trip;
    });
    await expect(content.getTrips()).rejects.toThrow(
      'Content error in trip "trip-usa" (trip): field "hauntedSites[3].city" must be non-empty text',
    );
  });

  it('an exact date or a price typed into a dates note (those come from the departures)', async () => {
    for (const note of ['12th February 2027', 'from February 12', '2027-02-12', 'From $1,200']) {
      const content = contentWith('trip-vietnam', (trip) => ({ ...trip, datesNote: note }));
      await expect(content.getTrips(), note).rejects.toThrow(
        'trip "trip-vietnam" (trip): field "datesNote" must give a month or a season, not an exact date or a price',
      );
    }
    const month = contentWith('trip-vietnam', (trip) => ({
      ...trip,
      datesNote: 'October 2027, dates to be confirmed',
    }));
    expect((await month.getTrip('vietnam-battlefield-tour'))?.datesNote).toBe(
      'October 2027, dates to be confirmed',
    );
  });

  it('a status the site has no badge for', async () => {
    const content = contentWith('trip-vietnam', (trip) => ({ ...trip, status: 'sold-out' }));
    await expect(content.getTrips()).rejects.toThrow(
      'field "status" must be one of: coming-soon, planning-phase',
    );
  });

  it('two trips sharing a slug', async () => {
    const content = contentWith('trip-usa', (trip) => ({
      ...trip,
      slug: { _type: 'slug', current: 'tasmania-paranormal-getaway' },
    }));
    await expect(content.getTrips()).rejects.toThrow('trip "trip-usa" (trip): field "slug" repeats');
  });

  it('a home page with two feature cards', async () => {
    const content = contentWith('homePage', (home) => ({
      ...home,
      featureCards: (home['featureCards'] as unknown[]).slice(0, 2),
    }));
    await expect(content.getHomePage()).rejects.toThrow(
      'Content error in homePage "homePage" (homePage): field "featureCards" must hold exactly 3 items (has 2)',
    );
  });

  it('a malformed contact e-mail and a non-https social link', async () => {
    const email = contentWith('siteSettings', (settings) => ({
      ...settings,
      contactEmail: 'hello at example',
    }));
    await expect(email.getSiteSettings()).rejects.toThrow('field "contactEmail" must be an e-mail address');
    const social = contentWith('siteSettings', (settings) => {
      (settings['socialLinks'] as Doc[])[1]!['url'] = 'http://facebook.com/x';
      return settings;
    });
    await expect(social.getSiteSettings()).rejects.toThrow(
      'field "socialLinks[1].url" must be an https:// address',
    );
  });

  it('a legal page link the Studio would refuse', async () => {
    const content = contentWith('legalPage-terms', (page) => {
      const body = page['body'] as Doc[];
      body[0] = {
        ...body[0],
        markDefs: [{ _type: 'link', _key: 'l', href: 'javascript:alert(1)' }],
      } as Doc;
      return page;
    });
    await expect(content.getLegalPage('terms')).rejects.toThrow(
      'field "body[0].markDefs[0].href" must be https://…, mailto:, tel: or a path on this site',
    );
  });

  it('a legal page with no body, and a missing singleton', async () => {
    const noBody = contentWith('legalPage-terms', ({ body: _dropped, ...page }) => page as Doc);
    await expect(noBody.getLegalPage('terms')).rejects.toThrow(
      'Content error in legalPage "legalPage-terms" (legalPage): field "body" must be a list',
    );
    const noSettings = contentWith('siteSettings', () => null);
    await expect(noSettings.getSiteSettings()).rejects.toBeInstanceOf(MissingContentError);
  });

  it('ignores drafts, as the published perspective does', async () => {
    const content = contentWith('trip-usa', (trip) => ({ ...trip, _id: 'drafts.trip-usa' }));
    expect((await content.getTrips()).map(({ _id }) => _id)).toEqual([
      'trip-tasmania',
      'trip-vietnam',
      'trip-quarantine-station',
    ]);
  });
});
