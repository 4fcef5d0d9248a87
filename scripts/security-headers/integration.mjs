// Astro integration: after the build, hash every inline script and style the pages contain and write
// dist/_headers with a Content-Security-Policy that allows exactly those. Reading the output (rather than
// listing scripts by hand) keeps the policy right whatever Astro or our islands emit next.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cspHash, inlineSources } from './inline-sources.mjs';
import { contentSecurityPolicy, siteHeadersFile } from './site-headers.mjs';
import { pictureOrigins, pictureSourceFromEnv } from '../../src/lib/images/picture-source.ts';

async function htmlFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Collects the hashes over every page of a built site.
 * @param {string} dir the build output
 */
export async function collectInlineHashes(dir) {
  const scripts = new Set();
  const styles = new Set();
  const styleAttributes = new Set();
  for (const file of (await htmlFiles(dir)).sort()) {
    const found = inlineSources(await readFile(file, 'utf8'));
    if (found.eventHandlers.length > 0) {
      throw new Error(
        `${file} has inline event handlers (${found.eventHandlers.join(', ')}), which the Content-Security-Policy ` +
          'forbids: attach them from a script instead',
      );
    }
    for (const text of found.scripts) scripts.add(cspHash(text));
    for (const text of found.styles) styles.add(cspHash(text));
    for (const text of found.styleAttributes) styleAttributes.add(cspHash(text));
  }
  return { scriptHashes: [...scripts], styleHashes: [...styles], styleAttributeHashes: [...styleAttributes] };
}

/** @returns {import('astro').AstroIntegration} */
export function securityHeaders() {
  return {
    name: 'security-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        // process.env, which astro.config.mjs filled from `.env` (scripts/env/), as import.meta.env is.
        const env = process.env;
        const hashes = await collectInlineHashes(outDir);
        const csp = contentSecurityPolicy({
          ...hashes,
          supabaseUrl: env.PUBLIC_SUPABASE_URL || undefined,
          imageOrigins: pictureOrigins(pictureSourceFromEnv()),
        });
        await writeFile(join(outDir, '_headers'), siteHeadersFile({ csp }));
        logger.info(
          `_headers: CSP allows ${hashes.scriptHashes.length} inline script(s), ${hashes.styleHashes.length} ` +
            `inline style(s), ${hashes.styleAttributeHashes.length} style attribute(s) by hash`,
        );
      },
    },
  };
}
