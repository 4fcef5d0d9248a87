import { PortableText, type PortableTextComponents } from '@portabletext/react';
import type { PortableTextBody as Body } from '../../lib/content';
import { isSafeLinkHref } from '../../lib/rules';

// Links go only where the Studio lets editors point them; anything else (javascript:, data:, a host
// spelled //elsewhere) keeps its text and loses the link, should content ever bypass the Studio.
const components: PortableTextComponents = {
  marks: {
    link: ({ children, value }) => {
      const href: unknown = value?.href;
      return typeof href === 'string' && isSafeLinkHref(href) ? (
        <a href={href}>{children}</a>
      ) : (
        <>{children}</>
      );
    },
  },
};

/**
 * Portable Text (terms, privacy, trip copy) as plain HTML. Rendered by Astro at build time and never
 * hydrated: use it in .astro without a client directive, so it ships no JavaScript.
 */
export function PortableTextBody({ value }: { value: Body }) {
  return <PortableText value={value} components={components} />;
}
