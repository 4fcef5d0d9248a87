import type { StructureResolver } from 'sanity/structure';

/** Singletons open straight into their one document; the other types get ordinary lists. */
export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      S.listItem()
        .title('Site settings')
        .id('siteSettings')
        .child(S.document().schemaType('siteSettings').documentId('siteSettings')),
      S.listItem()
        .title('Home page')
        .id('homePage')
        .child(S.document().schemaType('homePage').documentId('homePage')),
      S.divider(),
      S.documentTypeListItem('trip').title('Trips'),
      S.documentTypeListItem('membershipTier').title('Membership tiers'),
      S.documentTypeListItem('legalPage').title('Legal pages'),
    ]);
