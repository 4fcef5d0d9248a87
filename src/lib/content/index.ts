// The content module's public API, for Astro pages at build time. Every result is checked; broken content
// throws a ContentError that names the document and the field, which stops the build.
import { createContentApi, type ContentApi } from './contentApi';
import type { LegalPageSlug } from './types';

let defaultApi: ContentApi | undefined;
// Created on first use, so the environment is read when a page asks, not when the module loads.
const api = (): ContentApi => (defaultApi ??= createContentApi());

export const getSiteSettings = () => api().getSiteSettings();
export const getHomePage = () => api().getHomePage();
export const getMembershipTiers = () => api().getMembershipTiers();
export const getTrips = () => api().getTrips();
export const getTrip = (slug: string) => api().getTrip(slug);
export const getTripSlugs = () => api().getTripSlugs();
export const getLegalPage = (slug: LegalPageSlug) => api().getLegalPage(slug);

export { createContentApi, type ContentApi } from './contentApi';
export { ContentError, MissingContentError } from './contentError';
export { contentSourceFromEnv, type ContentSource } from './contentSource';
export type * from './types';
