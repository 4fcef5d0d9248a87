import type { Page } from '@playwright/test';

/**
 * Keeps the page's Realtime socket closed (decision 0029), for a test that acts on what the member still
 * sees after the server changed it: a live page would re-read and drop the changed post first.
 */
export async function withoutLiveUpdates(page: Page): Promise<void> {
  await page.routeWebSocket(/\/realtime\/v1\//, (socket) => void socket.close());
}
