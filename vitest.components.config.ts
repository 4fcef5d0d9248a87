// Astro components rendered to HTML in tests (`*.astro.test.ts`, Astro's container API): the pages' rules that
// only a rendered component shows, without building the whole site. Needs Astro's Vite setup, hence its own
// project (vitest.config.ts lists it).
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: { name: 'components', include: ['src/**/*.astro.test.ts'], environment: 'node' },
});
