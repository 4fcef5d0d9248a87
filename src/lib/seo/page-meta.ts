export interface PageMetaInput {
  /** The page's own title; the brand is appended unless this is the home page. */
  title: string;
  description: string;
  /** Path of the page on the site, e.g. '/tours/tasmania'. */
  path: string;
  site: URL | string;
  brandName: string;
  type?: 'website' | 'article';
  /** Path of a local image in public/ for link previews. */
  imagePath?: string;
}

export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  openGraph: Record<string, string>;
}

/**
 * The public path of a page. With build.format 'file' Astro reports '/terms.html' and '/index.html' at build
 * time, while the site serves (and links to) '/terms' and '/'.
 */
export function publicPath(pathname: string): string {
  const path = pathname.replace(/\.html$/, '').replace(/(^|\/)index$/, '$1');
  return path === '' ? '/' : path;
}

/** Absolute URL of a path on this site; with trailingSlash 'never', '/' is the only path ending in '/'. */
export function absoluteUrl(path: string, site: URL | string): string {
  const url = new URL(path, site);
  if (url.pathname !== '/' && url.pathname.endsWith('/')) url.pathname = url.pathname.replace(/\/+$/, '');
  return url.href;
}

export function buildPageMeta(input: PageMetaInput): PageMeta {
  const path = publicPath(input.path);
  const isHome = path === '/';
  const title =
    isHome || input.title === input.brandName ? input.title : `${input.title} | ${input.brandName}`;
  const canonical = absoluteUrl(path, input.site);
  const openGraph: Record<string, string> = {
    'og:title': title,
    'og:description': input.description,
    'og:url': canonical,
    'og:type': input.type ?? 'website',
    'og:site_name': input.brandName,
    'og:locale': 'en_AU',
  };
  if (input.imagePath) openGraph['og:image'] = absoluteUrl(input.imagePath, input.site);
  return { title, description: input.description, canonical, openGraph };
}
