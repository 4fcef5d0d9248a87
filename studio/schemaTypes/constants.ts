// Allowed values shared by the schema and by the site's build-time content checks (no Sanity imports here).
export const SOCIAL_PLATFORMS = ['instagram', 'facebook', 'youtube'] as const;
export const FEATURE_CARD_KEYS = ['history', 'paranormal', 'travel'] as const;
export const TRIP_STATUSES = ['coming-soon', 'planning-phase'] as const;
export const MIN_NIGHTS = 1;
export const MAX_NIGHTS = 60;
export const LEGAL_PAGE_SLUGS = ['terms', 'privacy'] as const;
export const SINGLETON_IDS = { siteSettings: 'siteSettings', homePage: 'homePage' } as const;
/** Alt text: long enough to say what a picture shows, short enough for a screen reader to read in one go. */
export const MAX_ALT_LENGTH = 160;
export const MAX_CAPTION_LENGTH = 200;
export const MAX_GALLERY_IMAGES = 12;
