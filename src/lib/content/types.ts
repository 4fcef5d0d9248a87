// Public content types: the generated query results (from the Studio schema), minus the "not found" null.
import type {
  HOME_PAGE_QUERY_RESULT,
  LEGAL_PAGE_QUERY_RESULT,
  MEMBERSHIP_TIERS_QUERY_RESULT,
  SITE_SETTINGS_QUERY_RESULT,
  TRIP_QUERY_RESULT,
} from './sanity.types';

export type SiteSettings = NonNullable<SITE_SETTINGS_QUERY_RESULT>;
export type SocialLink = SiteSettings['socialLinks'][number];
export type HomePage = NonNullable<HOME_PAGE_QUERY_RESULT>;
export type FeatureCard = HomePage['featureCards'][number];
/** A picture with its alt text, crop, hotspot and asset (size and file), as every query returns it. */
export type ContentImage = NonNullable<HomePage['heroImage']>;
export type MembershipTier = MEMBERSHIP_TIERS_QUERY_RESULT[number];
/**
 * A trip. Sanity's trips always have a hero picture (the schema requires it, checkTrip refuses one without);
 * a page made from a departure that Sanity has no trip for (features/trips/trip-pages.ts) has none.
 */
export type Trip = Omit<NonNullable<TRIP_QUERY_RESULT>, 'heroImage'> & { heroImage: ContentImage | null };
export type TripStatus = Trip['status'];
export type HauntedSite = NonNullable<Trip['hauntedSites']>[number];
export type LegalPage = NonNullable<LEGAL_PAGE_QUERY_RESULT>;
export type LegalPageSlug = 'terms' | 'privacy';
export type PortableTextBody = LegalPage['body'];
