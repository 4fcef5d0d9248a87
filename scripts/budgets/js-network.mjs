/* global document, window -- code passed to page.evaluate runs in the browser */
// The browser's side of the JavaScript budget: which scripts Chromium really fetches for the landing page,
// after the visitor has scrolled through it and every island has hydrated.
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/helpers/chromium.mjs';
import { gzipSize } from './js-static.mjs';

/**
 * @param {{ baseUrl: string, path?: string }} options
 * @returns {Promise<{ files: { url: string, gzipBytes: number }[], totalGzipBytes: number }>}
 */
export async function networkPageScripts({ baseUrl, path = '/' }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const pending = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response
          .body()
          .then((body) => ({ url: new URL(response.url()).pathname, gzipBytes: gzipSize(body) })),
      );
    });
    await page.goto(new URL(path, baseUrl).href, { waitUntil: 'load' });
    // Scroll through the page so `client:visible` islands load too, then wait for all of them.
    await page.evaluate(async () => {
      for (let y = 0; y <= document.documentElement.scrollHeight; y += 300) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    });
    await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0, null, {
      timeout: 15_000,
    });
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(pending);
    const unique = [...new Map(files.map((file) => [file.url, file])).values()];
    unique.sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { files: unique, totalGzipBytes: unique.reduce((sum, file) => sum + file.gzipBytes, 0) };
  } finally {
    await browser.close();
  }
}
