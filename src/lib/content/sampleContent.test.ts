import { beforeAll, describe, expect, it, vi } from 'vitest';
import { hasExactDateOrPrice } from '../../../studio/schemaTypes/rules';
import { SAMPLE_DATASET_PATH } from './contentSource';
import { createContentApi, getSiteSettings, getTrips, type LegalPage } from './index';

const content = createContentApi({ kind: 'local', datasetPath: SAMPLE_DATASET_PATH });

const plainText = (page: LegalPage) =>
  page.body.map((block) => (block.children ?? []).map((span) => span.text ?? '').join('')).join('\n');

describe('content from the sample dataset', () => {
  it('has the site settings the chrome needs', async () => {
    const settings = await content.getSiteSettings();
    expect(settings.brandName).toBe('Haunted Horizons');
    expect(settings.bannerText).toBe('Website Under Construction');
    expect(settings.copyrightYear).toBe(2025);
    expect(settings.contactEmail).toMatch(/@/);
    expect(settings.socialLinks.map(({ platform }) => platform)).toEqual([
      'instagram',
      'facebook',
      'youtube',
    ]);
  });

  it('has the home page with its three feature cards and the VIP benefits', async () => {
    const home = await content.getHomePage();
    expect(home.featureCards.map(({ title }) => title)).toEqual(['History', 'Paranormal', 'Travel']);
    expect(home.vipDialog.benefits).toEqual([
      'React to events',
      'Comment on adventures',
      'Early booking access',
      'Exclusive member events',
      'Member dashboard access',
      'Merchandise discounts',
    ]);
    expect(home.vipDialog.ctaLabel).toBe('Join Haunted Horizons Community');
  });

  it('has the two membership tiers in order', async () => {
    const tiers = await content.getMembershipTiers();
    expect(tiers.map(({ name }) => name)).toEqual(['VIP Member', 'Next Room Member']);
    expect(tiers[1]?.benefits).toContain('Priority booking for limited events');
  });

  it('lists the four trips in order, with no exact date or price typed in (those come from departures)', async () => {
    const trips = await content.getTrips();
    expect(trips.map(({ slug }) => slug)).toEqual([
      'tasmania-paranormal-getaway',
      'vietnam-battlefield-tour',
      'usa-paranormal-road-trip',
      'quarantine-station-night-investigation',
    ]);
    for (const trip of trips) {
      const words = [trip.summary, trip.learnMore, trip.datesNote ?? '', trip.itineraryNote ?? ''];
      expect(words.filter(hasExactDateOrPrice), trip.slug).toEqual([]);
    }
    expect(trips.map(({ nights }) => nights)).toEqual([4, 13, 12, 1]);
    expect(await content.getTripSlugs()).toEqual(trips.map(({ slug }) => slug));
  });

  it('has every detail the spec gives for Tasmania', async () => {
    const tasmania = await content.getTrip('tasmania-paranormal-getaway');
    expect(tasmania?.status).toBe('coming-soon');
    expect(tasmania?.highlights).toHaveLength(5);
    for (const highlight of [
      'port arthur ghost tour',
      'asylum investigation',
      'gaol exploration',
      'penitentiary investigation',
      'celebration group dinner',
    ]) {
      expect(tasmania?.highlights.some((line) => line.toLowerCase().includes(highlight))).toBe(true);
    }
    expect(tasmania?.learnMore).toMatch(/waitlist/);
    expect(tasmania?.interestOpen).toBe(true);
  });

  it('has the Vietnam highlights, inclusions and itinerary note', async () => {
    const vietnam = await content.getTrip('vietnam-battlefield-tour');
    expect(vietnam?.datesNote).toBe('October, dates to be confirmed');
    expect(vietnam?.status).toBe('planning-phase');
    expect(vietnam?.itineraryNote).toBe('Day-by-day itinerary with the booking confirmation');
    const highlights = vietnam?.highlights.join(' | ') ?? '';
    for (const place of [
      'Hoa Lo Prison',
      'DMZ',
      'Hoi An',
      'Long Tan',
      'Nui Dat',
      'tunnel network',
      'Museum',
    ]) {
      expect(highlights).toContain(place);
    }
    expect(vietnam?.inclusions).toHaveLength(7);
    expect(vietnam?.inclusions).toEqual(
      expect.arrayContaining(['13 nights accommodation', 'Farewell dinner']),
    );
  });

  it('has twelve distinct haunted sites for the USA trip, each with city and state', async () => {
    const usa = await content.getTrip('usa-paranormal-road-trip');
    const sites = usa?.hauntedSites ?? [];
    expect(sites).toHaveLength(12);
    expect(new Set(sites.map(({ name }) => name)).size).toBe(12);
    expect(sites).toContainEqual(
      expect.objectContaining({
        name: 'Eastern State Penitentiary',
        city: 'Philadelphia',
        state: 'Pennsylvania',
      }),
    );
    expect(usa?.interestOpen).toBe(true);
  });

  it('returns null for a slug no trip has', async () => {
    expect(await content.getTrip('atlantis-by-submarine')).toBeNull();
  });

  it('has the condensed terms', async () => {
    const terms = plainText(await content.getLegalPage('terms'));
    expect(terms).toContain('$800 per person');
    expect(terms).toContain('non-refundable');
    expect(terms).toContain('at least 90 days before departure');
    expect(terms).toMatch(/under 18 must travel with a parent or guardian/);
    expect(terms).toMatch(/pay a deposit/);
  });

  it('has the privacy policy with its required sections', async () => {
    const page = await content.getLegalPage('privacy');
    const privacy = plainText(page);
    for (const phrase of [
      'Privacy Act 1988',
      'Spam Act 2003',
      "tick the box 'Send me news about trips and offers by e-mail'",
      'Until you confirm',
      'unsubscribe link',
    ]) {
      expect(privacy).toContain(phrase);
    }
    expect(privacy).toContain('serious threat to a person');
    expect(
      page.body.filter(({ style }) => style === 'h2').map((block) => block.children?.[0]?.text),
    ).toContain('Cookies');
  });
});

describe('the default API (no Sanity project configured)', () => {
  beforeAll(() => {
    vi.stubEnv('SANITY_PROJECT_ID', '');
    return () => vi.unstubAllEnvs();
  });

  it('reads the sample dataset', async () => {
    expect((await getSiteSettings()).brandName).toBe('Haunted Horizons');
    expect(await getTrips()).toHaveLength(4);
  });
});
