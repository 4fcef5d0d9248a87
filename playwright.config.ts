import './scripts/env/load.mjs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/helpers/chromium.mjs';

// scripts/e2e.mjs builds the site, starts the servers and passes their URL in E2E_BASE_URL.
// Without it (e.g. `npx playwright test` by hand) Playwright serves the existing dist/ itself.
const externalBaseUrl = process.env.E2E_BASE_URL;
const fallbackPort = 4399;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: true,
  // Two cores are shared with other work; more workers only add contention.
  workers: 2,
  retries: 0,
  // A whole journey (two members and an admin, live updates, e-mail) takes 20–35 s here while the other
  // worker, the stack and Chromium share the two cores; 30 s failed a different one of them each run.
  timeout: 60_000,
  // /events lists every event the earlier tests made; under both workers it once took over 5 s to appear.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: externalBaseUrl ?? `http://localhost:${fallbackPort}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  ...(externalBaseUrl
    ? {}
    : {
        webServer: {
          command: `node scripts/serve-static.mjs --port ${fallbackPort}`,
          url: `http://localhost:${fallbackPort}/`,
          reuseExistingServer: false,
        },
      }),
});
