import { SINGLETON_IDS } from './constants';
import { homePage } from './homePage';
import { imageWithAlt } from './imageWithAlt';
import { legalPage } from './legalPage';
import { membershipTier } from './membershipTier';
import { siteSettings } from './siteSettings';
import { trip } from './trip';

export const schemaTypes = [imageWithAlt, siteSettings, homePage, membershipTier, trip, legalPage];

/** Document types that exist once, under an `_id` equal to their type name. */
export const SINGLETON_TYPES: ReadonlySet<string> = new Set(Object.values(SINGLETON_IDS));
