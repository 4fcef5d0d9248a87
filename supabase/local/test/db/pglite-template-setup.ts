// Vitest globalSetup: builds this run's PGlite template (pglite-template.ts) before any test file starts,
// tells the test processes where it is, and removes it when the run ends.
import { buildPgliteTemplate, removePgliteTemplate, TEMPLATE_ENV } from './pglite-template.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const root = await buildPgliteTemplate();
  process.env[TEMPLATE_ENV] = root;
  return () => removePgliteTemplate(root);
}
