import { describe, expect, it } from 'vitest';
import { readSampleDataset, type SampleDocument } from '../test/sampleDataset';
import { validateAgainstSchema } from '../test/validateAgainstSchema';
import { trip } from '../schemaTypes/trip';

const dataset = readSampleDataset();
const byId = (id: string): SampleDocument => {
  const document = dataset.find(({ _id }) => _id === id);
  if (!document) throw new Error(`Sample dataset has no "${id}"`);
  return structuredClone(document);
};
const withReplaced = (replacement: SampleDocument) =>
  dataset.map((document) => (document._id === replacement._id ? replacement : document));

describe('sample dataset', () => {
  it('holds one document of each singleton and the expected documents', () => {
    // Image assets are checked against their files in images.test.ts.
    const documents = dataset.filter(({ _type }) => _type !== 'sanity.imageAsset');
    expect(documents.map(({ _id }) => _id).sort()).toEqual(
      [
        'homePage',
        'legalPage-privacy',
        'legalPage-terms',
        'membershipTier-next-room-member',
        'membershipTier-vip-member',
        'siteSettings',
        'trip-quarantine-station',
        'trip-tasmania',
        'trip-usa',
        'trip-vietnam',
      ].sort(),
    );
  });

  it('is valid against the Studio schema, every document and field', async () => {
    expect(await validateAgainstSchema(dataset)).toEqual([]);
  });
});

describe('Studio schema rules (run on broken copies of sample documents)', () => {
  it('rejects nights outside 1..60 and fractional nights', async () => {
    for (const nights of [0, 61, 2.5]) {
      const problems = await validateAgainstSchema(withReplaced({ ...byId('trip-usa'), nights }));
      expect(problems).toContainEqual(expect.objectContaining({ documentId: 'trip-usa', path: 'nights' }));
    }
  });

  it('refuses an exact date or a price in a dates note, and takes a month or a season', async () => {
    const exact = await validateAgainstSchema(
      withReplaced({ ...byId('trip-vietnam'), datesNote: 'Departs 10th October 2027' }),
    );
    expect(exact).toContainEqual(
      expect.objectContaining({
        documentId: 'trip-vietnam',
        path: 'datesNote',
        message: expect.stringMatching(/not an exact date/),
      }),
    );
    const priced = await validateAgainstSchema(
      withReplaced({ ...byId('trip-vietnam'), datesNote: 'October, from $4,950' }),
    );
    expect(priced).toContainEqual(expect.objectContaining({ path: 'datesNote' }));
    const month = await validateAgainstSchema(
      withReplaced({ ...byId('trip-vietnam'), datesNote: 'October 2027, dates to be confirmed' }),
    );
    expect(month).toEqual([]);
  });

  it('has no date field on a trip: dates and prices come from the departures', () => {
    const fields = trip.fields.map((field) => ({ name: field.name, type: field.type }));
    expect(fields.filter((field) => ['date', 'datetime'].includes(field.type))).toEqual([]);
    expect(fields.map((field) => field.name)).not.toContain('price');
  });

  it('rejects a slug that another trip already uses', async () => {
    const copy = { ...byId('trip-usa'), _id: 'trip-usa-copy' };
    const problems = await validateAgainstSchema([...dataset, copy]);
    expect(problems).toContainEqual(
      expect.objectContaining({
        documentId: 'trip-usa-copy',
        path: 'slug',
        message: 'Another trip already uses the slug "usa-paranormal-road-trip"',
      }),
    );
  });

  it('requires exactly three distinct feature cards', async () => {
    const home = byId('homePage');
    const cards = home['featureCards'] as unknown[];
    const twoCards = await validateAgainstSchema(withReplaced({ ...home, featureCards: cards.slice(0, 2) }));
    expect(twoCards).toContainEqual(expect.objectContaining({ path: 'featureCards' }));
  });

  it('checks e-mail, phone, social URLs and required fields of the site settings', async () => {
    const settings = byId('siteSettings');
    delete settings['brandName'];
    const problems = await validateAgainstSchema(
      withReplaced({
        ...settings,
        contactEmail: 'not-an-email',
        contactPhone: '555-1234',
        socialLinks: [{ _key: 'a', platform: 'instagram', label: 'Instagram', url: 'ftp://example.com' }],
      }),
    );
    const paths = problems.map(({ path }) => path);
    expect(paths).toEqual(
      expect.arrayContaining(['brandName', 'contactEmail', 'contactPhone', 'socialLinks.{"_key":"a"}.url']),
    );
  });

  it("applies the site's e-mail rule to the contact address", async () => {
    for (const contactEmail of ['hello@localhost', 'jörg@example.de', ' hello@example.com']) {
      const problems = await validateAgainstSchema(withReplaced({ ...byId('siteSettings'), contactEmail }));
      expect(
        problems.map(({ path }) => path),
        contactEmail,
      ).toEqual(['contactEmail']);
    }
  });

  it('refuses legal-page links the site would not render as links', async () => {
    const terms = byId('legalPage-terms');
    const withLink = (href: string) => ({
      ...terms,
      body: [
        {
          _type: 'block',
          _key: 'k',
          style: 'normal',
          markDefs: [{ _type: 'link', _key: 'l', href }],
          children: [{ _type: 'span', _key: 's', text: 'here', marks: ['l'] }],
        },
      ],
    });
    expect(await validateAgainstSchema(withReplaced(withLink('/privacy')))).toEqual([]);
    for (const href of ['//evil.example/terms', 'tel:call-us', 'javascript:alert(1)']) {
      const problems = await validateAgainstSchema(withReplaced(withLink(href)));
      expect(problems.length, href).toBeGreaterThan(0);
    }
  });

  it('reports fields that the schema does not define', async () => {
    const problems = await validateAgainstSchema(withReplaced({ ...byId('trip-usa'), night: 12 }));
    expect(problems).toContainEqual(expect.objectContaining({ documentId: 'trip-usa', path: 'night' }));
  });

  it('rejects a trip status outside the list and a missing legal page body', async () => {
    const trip = await validateAgainstSchema(withReplaced({ ...byId('trip-usa'), status: 'sold-out' }));
    expect(trip).toContainEqual(expect.objectContaining({ path: 'status' }));
    const terms = byId('legalPage-terms');
    delete terms['body'];
    expect(await validateAgainstSchema(withReplaced(terms))).toContainEqual(
      expect.objectContaining({ documentId: 'legalPage-terms', path: 'body' }),
    );
  });
});
