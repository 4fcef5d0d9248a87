import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Registers the `client:intent` directive (./intent-directive.ts) with Astro. */
export function intentDirective(): AstroIntegration {
  return {
    name: 'client-intent-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'intent',
          // A path, not a URL: Astro hands it to esbuild, which does not resolve file: URLs.
          entrypoint: fileURLToPath(new URL('./intent-directive.ts', import.meta.url)),
        });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the visitor's intent to open the island's dialog; see ./intent-directive.ts. */
    'client:intent'?: boolean;
  }
}
