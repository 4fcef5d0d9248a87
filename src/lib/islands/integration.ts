import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Registers the `client:intent` (./intent-directive.ts) and `client:member` (./member-directive.ts) directives. */
export function islandDirectives(): AstroIntegration {
  return {
    name: 'client-island-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'intent',
          // A path, not a URL: Astro hands it to esbuild, which does not resolve file: URLs.
          entrypoint: fileURLToPath(new URL('./intent-directive.ts', import.meta.url)),
        });
        addClientDirective({
          name: 'member',
          entrypoint: fileURLToPath(new URL('./member-directive.ts', import.meta.url)),
        });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the visitor's intent to open the island's dialog; see ./intent-directive.ts. */
    'client:intent'?: boolean;
    /** Hydrate at once for a signed-in browser, on first use for a visitor; see ./member-directive.ts. */
    'client:member'?: boolean;
  }
}
