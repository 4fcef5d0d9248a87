import { checkHomePage } from './checkHomePage';
import { checkLegalPage } from './checkLegalPage';
import { checkMembershipTier } from './checkMembershipTier';
import { checkSiteSettings } from './checkSiteSettings';
import { checkTrip } from './checkTrip';
import { ContentError, MissingContentError } from './contentError';
import { contentSourceFromEnv, readEnv, type ContentSource } from './contentSource';
import type { QueryParams } from './localDataset';
import {
  HOME_PAGE_QUERY,
  LEGAL_PAGE_QUERY,
  MEMBERSHIP_TIERS_QUERY,
  SITE_SETTINGS_QUERY,
  TRIP_QUERY,
  TRIP_SLUGS_QUERY,
  TRIPS_QUERY,
} from './queries';
import { runQuery } from './runQuery';
import type {
  HOME_PAGE_QUERY_RESULT,
  LEGAL_PAGE_QUERY_RESULT,
  MEMBERSHIP_TIERS_QUERY_RESULT,
  SITE_SETTINGS_QUERY_RESULT,
  TRIP_QUERY_RESULT,
  TRIP_SLUGS_QUERY_RESULT,
  TRIPS_QUERY_RESULT,
} from './sanity.types';
import type { HomePage, LegalPage, LegalPageSlug, MembershipTier, SiteSettings, Trip } from './types';

function rejectDuplicateSlugs<T extends { _id: string; _type: string; slug: string }>(documents: T[]): T[] {
  const seen = new Set<string>();
  for (const document of documents) {
    if (seen.has(document.slug)) {
      throw new ContentError(
        document,
        'slug',
        `repeats "${document.slug}", which another ${document._type} uses`,
      );
    }
    seen.add(document.slug);
  }
  return documents;
}

/** The content the pages read, every result checked; one build shares one instance and its cache. */
export function createContentApi(source: ContentSource = contentSourceFromEnv(readEnv())) {
  const cache = new Map<string, Promise<unknown>>();
  // Many pages ask for the same settings; query each (query, params) pair once per build.
  function query<Result>(groq: string, params: QueryParams = {}): Promise<Result> {
    const cacheKey = JSON.stringify([groq, params]);
    let result = cache.get(cacheKey);
    if (result === undefined) {
      result = runQuery<Result>(groq, params, source);
      cache.set(cacheKey, result);
    }
    return result as Promise<Result>;
  }

  return {
    async getSiteSettings(): Promise<SiteSettings> {
      const settings = await query<SITE_SETTINGS_QUERY_RESULT>(SITE_SETTINGS_QUERY);
      if (settings === null) throw new MissingContentError('no siteSettings document (_id "siteSettings")');
      return checkSiteSettings(settings);
    },

    async getHomePage(): Promise<HomePage> {
      const home = await query<HOME_PAGE_QUERY_RESULT>(HOME_PAGE_QUERY);
      if (home === null) throw new MissingContentError('no homePage document (_id "homePage")');
      return checkHomePage(home);
    },

    async getMembershipTiers(): Promise<MembershipTier[]> {
      const tiers = await query<MEMBERSHIP_TIERS_QUERY_RESULT>(MEMBERSHIP_TIERS_QUERY);
      return rejectDuplicateSlugs(tiers.map(checkMembershipTier));
    },

    /** Every trip, in the order staff set (`order`, lowest first). */
    async getTrips(): Promise<Trip[]> {
      const trips = await query<TRIPS_QUERY_RESULT>(TRIPS_QUERY);
      return rejectDuplicateSlugs(trips.map(checkTrip));
    },

    /** The trip at /tours/{slug}, or null when no trip has that slug. */
    async getTrip(slug: string): Promise<Trip | null> {
      const trip = await query<TRIP_QUERY_RESULT>(TRIP_QUERY, { slug });
      return trip === null ? null : checkTrip(trip);
    },

    async getTripSlugs(): Promise<string[]> {
      const slugs = await query<TRIP_SLUGS_QUERY_RESULT>(TRIP_SLUGS_QUERY);
      return [...new Set(slugs)];
    },

    async getLegalPage(slug: LegalPageSlug): Promise<LegalPage> {
      const page = await query<LEGAL_PAGE_QUERY_RESULT>(LEGAL_PAGE_QUERY, { slug });
      if (page === null) throw new MissingContentError(`no legalPage document with slug "${slug}"`);
      return checkLegalPage(page);
    },
  };
}

export type ContentApi = ReturnType<typeof createContentApi>;
