import type { APIRoute } from 'astro';
import { absoluteUrl } from '@/lib/seo/page-meta';
import { robotsTxt } from '@/lib/seo/sitemap';

export const GET: APIRoute = ({ site, url }) =>
  new Response(robotsTxt(absoluteUrl('/sitemap.xml', site ?? url.origin)), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
