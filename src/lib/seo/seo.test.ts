import { describe, expect, it } from 'vitest';
import { countryOf, eventJsonLd } from './event-jsonld';
import { serializeJsonLd } from './json-ld';
import { absoluteUrl, buildPageMeta, publicPath } from './page-meta';
import { robotsTxt, sitemapXml } from './sitemap';

const site = 'https://trips.example.com.au';

describe('page meta', () => {
  it('turns the build-time file paths into the served paths', () => {
    expect(publicPath('/index.html')).toBe('/');
    expect(publicPath('/')).toBe('/');
    expect(publicPath('/terms.html')).toBe('/terms');
    expect(publicPath('/tours/usa.html')).toBe('/tours/usa');
    expect(publicPath('/tours/index.html')).toBe('/tours/');
    expect(publicPath('/register')).toBe('/register');
  });

  it('builds the canonical URL of a page from its build-time path', () => {
    const meta = buildPageMeta({
      title: 'Home',
      description: 'd',
      path: '/index.html',
      site,
      brandName: 'B',
    });
    expect(meta.canonical).toBe('https://trips.example.com.au/');
    expect(meta.title).toBe('Home');
  });

  it('builds absolute canonical URLs without trailing slashes', () => {
    expect(absoluteUrl('/', site)).toBe('https://trips.example.com.au/');
    expect(absoluteUrl('/terms/', site)).toBe('https://trips.example.com.au/terms');
    expect(absoluteUrl('/tours/usa', new URL('https://x.example/base/'))).toBe('https://x.example/tours/usa');
  });

  it('appends the brand to inner page titles and fills the Open Graph tags', () => {
    const meta = buildPageMeta({
      title: 'Terms',
      description: 'The terms',
      path: '/terms',
      site,
      brandName: 'Brand',
    });
    expect(meta.title).toBe('Terms | Brand');
    expect(meta.canonical).toBe('https://trips.example.com.au/terms');
    expect(meta.openGraph).toEqual({
      'og:title': 'Terms | Brand',
      'og:description': 'The terms',
      'og:url': 'https://trips.example.com.au/terms',
      'og:type': 'website',
      'og:site_name': 'Brand',
      'og:locale': 'en_AU',
    });
  });

  it('keeps the home title as given and adds an absolute image', () => {
    const meta = buildPageMeta({
      title: 'Brand: haunted trips',
      description: 'd',
      path: '/',
      site,
      brandName: 'Brand',
      imagePath: '/og.png',
    });
    expect(meta.title).toBe('Brand: haunted trips');
    expect(meta.openGraph['og:image']).toBe('https://trips.example.com.au/og.png');
  });
});

describe('event JSON-LD', () => {
  const input = {
    name: 'Tasmania Paranormal Getaway',
    description: 'Four nights',
    startDate: '2026-02-12',
    endDate: '2026-02-16',
    location: 'Port Arthur, Tasmania, Australia',
    url: `${site}/tours/tasmania`,
    organizerName: 'Brand',
    organizerUrl: `${site}/`,
  };

  it('describes a scheduled in-person event with its place and organizer', () => {
    expect(eventJsonLd(input)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Tasmania Paranormal Getaway',
      description: 'Four nights',
      startDate: '2026-02-12',
      endDate: '2026-02-16',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Port Arthur, Tasmania, Australia',
        address: { '@type': 'PostalAddress', addressCountry: 'Australia' },
      },
      organizer: { '@type': 'Organization', name: 'Brand', url: `${site}/` },
      url: `${site}/tours/tasmania`,
    });
  });

  it('leaves out an unknown end date', () => {
    expect(eventJsonLd({ ...input, startDate: '2026-10', endDate: null })).not.toHaveProperty('endDate');
  });

  it('takes the country from the end of the location', () => {
    expect(countryOf('Vietnam')).toBe('Vietnam');
    expect(countryOf('Salem, Massachusetts, USA ')).toBe('USA');
  });

  it('serializes so that content cannot close the script element', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

describe('sitemap and robots', () => {
  it('lists every URL in a sitemaps.org urlset, escaped', () => {
    const xml = sitemapXml([`${site}/`, `${site}/terms?a=1&b=2`]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<url><loc>${site}/</loc></url>`);
    expect(xml).toContain('terms?a=1&amp;b=2');
  });

  it('points robots at the sitemap', () => {
    expect(robotsTxt(`${site}/sitemap.xml`)).toBe(
      `User-agent: *\nAllow: /\n\nSitemap: ${site}/sitemap.xml\n`,
    );
  });
});
