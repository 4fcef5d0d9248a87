// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { intentDirective } from './src/lib/islands/integration.ts';

// The public origin of the site; canonical URLs, Open Graph and the sitemap are built from it.
const site = process.env.SITE_URL ?? 'http://localhost:4321';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [react(), intentDirective()],
  vite: { plugins: [tailwindcss()] },
  server: { host: 'localhost', port: 4321 },
});
