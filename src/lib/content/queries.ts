// Every GROQ query the site runs. The same strings run against hosted Sanity and, with groq-js, against the
// sample dataset; `npm run content:types` reads this file to generate the result types in sanity.types.ts.
import { defineQuery } from 'groq';

// Shared projections. `slug` is always returned as its plain string.
const DOCUMENT_IDENTITY = /* groq */ `_id, _type`;

// A picture (studio/schemaTypes/imageWithAlt.ts) with what the site needs to serve it: the asset's id (which
// Sanity's image URLs are built from), its file's path (the local build reads it) and its full size.
const IMAGE_FIELDS = /* groq */ `
  alt,
  caption,
  crop{ top, bottom, left, right },
  hotspot{ x, y, width, height },
  "asset": asset->{ _id, path, "width": metadata.dimensions.width, "height": metadata.dimensions.height }
`;

const TRIP_FIELDS = /* groq */ `
  ${DOCUMENT_IDENTITY},
  title,
  "slug": slug.current,
  order,
  location,
  summary,
  heroImage{${IMAGE_FIELDS}},
  gallery[]{ _key, ${IMAGE_FIELDS} },
  datesNote,
  nights,
  status,
  highlights,
  inclusions,
  itineraryNote,
  learnMore,
  hauntedSites[]{ _key, name, city, state, description },
  waitlistOpen,
  interestOpen
`;

export const SITE_SETTINGS_QUERY = defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{
  ${DOCUMENT_IDENTITY},
  brandName,
  tagline,
  blurb,
  contactEmail,
  contactPhone,
  socialLinks[]{ _key, platform, label, url },
  bannerText,
  business{ legalName, abn, address },
  copyrightYear
}`);

export const HOME_PAGE_QUERY = defineQuery(`*[_type == "homePage" && _id == "homePage"][0]{
  ${DOCUMENT_IDENTITY},
  heroTitle,
  heroText,
  heroImage{${IMAGE_FIELDS}},
  featureCards[]{ _key, key, title, text },
  vipDialog{ title, intro, benefits, ctaLabel }
}`);

export const MEMBERSHIP_TIERS_QUERY = defineQuery(`*[_type == "membershipTier"] | order(order asc){
  ${DOCUMENT_IDENTITY},
  name,
  "slug": slug.current,
  order,
  summary,
  benefits
}`);

export const TRIPS_QUERY = defineQuery(`*[_type == "trip"] | order(order asc){${TRIP_FIELDS}}`);

export const TRIP_QUERY = defineQuery(`*[_type == "trip" && slug.current == $slug][0]{${TRIP_FIELDS}}`);

export const TRIP_SLUGS_QUERY = defineQuery(
  `*[_type == "trip" && defined(slug.current)] | order(order asc).slug.current`,
);

export const LEGAL_PAGE_QUERY = defineQuery(`*[_type == "legalPage" && slug.current == $slug][0]{
  ${DOCUMENT_IDENTITY},
  title,
  "slug": slug.current,
  description,
  updatedAt,
  body
}`);
