// @ts-check
// First: `.env` into process.env, the one way every script reads it (scripts/env/); the real environment wins.
import './scripts/env/load.mjs';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { securityHeaders } from './scripts/security-headers/integration.mjs';
import { islandDirectives } from './src/lib/islands/integration.ts';
import { memberPreloads } from './src/lib/islands/member-preload.ts';

// The public origin of the site; canonical URLs, Open Graph and the sitemap are built from it.
const site = process.env.SITE_URL ?? 'http://localhost:4321';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  // islandDirectives adds client:intent (forms hydrate on intent) and client:member; securityHeaders writes dist/_headers
  // (CSP and other headers) from the built pages, after memberPreloads adds a member page's preloading script.
  integrations: [react(), islandDirectives(), memberPreloads(), securityHeaders()],
  // Vite and Astro read only process.env, which scripts/env/ filled from `.env`: not .env.local,
  // .env.production or the like, which the other scripts would not see.
  vite: { plugins: [tailwindcss()], envDir: false },
  server: { host: 'localhost', port: 4321 },
});
