// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { securityHeaders } from './scripts/security-headers/integration.mjs';
import { intentDirective } from './src/lib/islands/integration.ts';

// The public origin of the site; canonical URLs, Open Graph and the sitemap are built from it.
const site = process.env.SITE_URL ?? 'http://localhost:4321';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  // intentDirective adds client:intent (forms hydrate on intent); securityHeaders writes dist/_headers
  // (CSP and other headers) from the built pages.
  integrations: [react(), intentDirective(), securityHeaders()],
  vite: { plugins: [tailwindcss()] },
  server: { host: 'localhost', port: 4321 },
});
