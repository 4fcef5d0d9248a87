import type { APIRoute } from 'astro';
import { getTripPages } from '@/features/trips/load-trip-pages';
import { absoluteUrl } from '@/lib/seo/page-meta';
import { sitemapXml } from '@/lib/seo/sitemap';

/** Every static page a visitor can land on; the browser suites walk this list too. */
export const GET: APIRoute = async ({ site, url }) => {
  const origin = site ?? url.origin;
  const slugs = (await getTripPages()).map((page) => page.trip.slug);
  const paths = [
    '/',
    '/events',
    '/login',
    '/register',
    '/contact',
    '/store',
    '/terms',
    '/privacy',
    ...slugs.map((slug) => `/tours/${slug}`),
  ];
  return new Response(sitemapXml(paths.map((path) => absoluteUrl(path, origin))), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
