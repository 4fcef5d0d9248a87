/* global document, window -- code passed to page.evaluate runs in the browser */
// The browser's side of the JavaScript budget: which scripts Chromium really fetches, and how many bytes
// came over the wire for each (compressed, as the server sent them), for a visitor who
//   1. loads the page, waits until it is idle and scrolls through it (every self-hydrating island awake);
//   2. then opens the first form dialog (hover, then click its button), waits for the form and types in it,
//      without submitting.
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/helpers/chromium.mjs';

/** A pause after each step, so work the page starts when idle (or on input) is seen too. */
const SETTLE_MS = 1000;

/**
 * @typedef {{ url: string, wireBytes: number }} FetchedScript
 * @typedef {{ files: FetchedScript[], totalWireBytes: number }} FetchedScripts
 * @param {{ baseUrl: string, path?: string }} options
 * @returns {Promise<{ atLoad: FetchedScripts, formOpen: (FetchedScripts & { dialog: string }) | null }>}
 */
export async function networkPageScripts({ baseUrl, path = '/' }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    /** @type {Promise<FetchedScript>[]} */
    let pending = [];
    page.on('response', (response) => {
      const request = response.request();
      if (request.resourceType() !== 'script') return;
      pending.push(
        response.finished().then(async () => ({
          url: new URL(response.url()).pathname,
          wireBytes: (await request.sizes()).responseBodySize,
        })),
      );
    });
    const collect = async () => {
      const files = await Promise.all(pending);
      pending = [];
      const unique = [...new Map(files.map((file) => [file.url, file])).values()];
      unique.sort((a, b) => b.wireBytes - a.wireBytes);
      return { files: unique, totalWireBytes: unique.reduce((sum, file) => sum + file.wireBytes, 0) };
    };

    await page.goto(new URL(path, baseUrl).href, { waitUntil: 'load' });
    await page.evaluate(async () => {
      for (let y = 0; y <= document.documentElement.scrollHeight; y += 300) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    });
    await page.waitForFunction(
      () => document.querySelectorAll('astro-island[ssr]:not([client="intent"])').length === 0,
      null,
      { timeout: 15_000 },
    );
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(SETTLE_MS);
    const atLoad = await collect();

    // The first visible button that opens a dialog holding a form that loads on intent.
    const formDialogs = await page.evaluate(() =>
      [...document.querySelectorAll('dialog:has(astro-island[client="intent"])')].map((dialog) => dialog.id),
    );
    let dialogId = null;
    let trigger = null;
    for (const id of formDialogs) {
      const opener = page.locator(`[data-dialog-open="${id}"]`).filter({ visible: true }).first();
      if ((await opener.count()) === 0) continue;
      dialogId = id;
      trigger = opener;
      break;
    }
    if (!dialogId || !trigger) return { atLoad, formOpen: null };
    await trigger.scrollIntoViewIfNeeded();
    await trigger.hover();
    await trigger.click();
    const field = page.locator(`#${dialogId} astro-island input`).first();
    await page.waitForFunction(
      (id) => {
        const island = document.querySelector(`#${id} astro-island`);
        return island && !island.hasAttribute('ssr') && !island.inert;
      },
      dialogId,
      { timeout: 15_000 },
    );
    await field.pressSequentially('a');
    await page.waitForTimeout(SETTLE_MS);
    return { atLoad, formOpen: { dialog: dialogId, ...(await collect()) } };
  } finally {
    await browser.close();
  }
}
