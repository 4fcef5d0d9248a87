import { expect, test, type Page } from '@playwright/test';
import { tripDialogIds } from '../../src/features/trips/trip-dialog-ids';
import { waitForAllIslands, waitForIslandOf } from '../helpers/islands';

// The forms load on intent (client:intent, docs/decisions/0006-native-dialogs-for-the-js-budget.md): a
// visitor who only reads never fetches React; hovering, focusing or touching a button that opens a form
// starts loading it; a form opened before it is ready is shown at full size but inert, and takes focus when
// it mounts.

const TRIP = 'Tasmania Paranormal Getaway';
const TRIP_SLUG = 'tasmania-paranormal-getaway';

function interestTrigger(page: Page) {
  return page.getByRole('article', { name: TRIP }).getByRole('button', { name: /Interest/ });
}

function interestDialog(page: Page) {
  return page.getByRole('dialog', { name: new RegExp(`Interest.*${TRIP}`) });
}

/** Where the page's intent islands load React from (the same renderer for all of them). */
async function rendererUrl(page: Page): Promise<string> {
  const url = await page.locator('astro-island[client="intent"]').first().getAttribute('renderer-url');
  expect(url, 'an intent island names its renderer').toBeTruthy();
  return new URL(url ?? '', page.url()).pathname;
}

function scriptRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

test('a visitor who reads and scrolls the landing page never fetches React or a form', async ({ page }) => {
  const scripts = scriptRequests(page);
  await page.goto('/');
  await waitForAllIslands(page);
  await page.waitForLoadState('networkidle');
  const islandUrls = await page
    .locator('astro-island[client="intent"]')
    .evaluateAll((islands) =>
      islands.map((island) => new URL(island.getAttribute('component-url') ?? '', location.href).pathname),
    );
  expect(islandUrls.length, 'the landing page has intent islands').toBeGreaterThanOrEqual(5);
  const renderer = await rendererUrl(page);
  expect(scripts.filter((path) => path === renderer || islandUrls.includes(path))).toEqual([]);
});

test('hovering the button starts loading the form; it is ready and focused when the dialog opens', async ({
  page,
}) => {
  await page.goto('/');
  const renderer = await rendererUrl(page);
  const fetched = page.waitForRequest((request) => new URL(request.url()).pathname === renderer);
  await interestTrigger(page).hover();
  await fetched;
  await interestTrigger(page).click();
  const dialog = interestDialog(page);
  await expect(dialog).toBeVisible();
  await waitForIslandOf(dialog.getByRole('button', { name: /submit/i }));
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
});

test('opened by keyboard on a slow network: the form shows inert at full size, then takes focus', async ({
  page,
}) => {
  await page.goto('/');
  const renderer = await rendererUrl(page);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === renderer,
    async (route) => {
      await released;
      await route.continue();
    },
  );

  const trigger = interestTrigger(page);
  await trigger.focus();
  await trigger.press('Enter');
  const dialog = interestDialog(page);
  await expect(dialog).toBeVisible();
  const island = dialog.locator('astro-island');
  await expect(island, 'the form waits, inert, for its code').toHaveAttribute('aria-busy', 'true');
  await expect(island).toHaveJSProperty('inert', true);
  const name = dialog.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name, 'the server-rendered form is already there').toBeVisible();
  const focusable = await name.evaluate((field) => {
    (field as HTMLElement).focus();
    return document.activeElement === field;
  });
  expect(focusable, 'an inert field cannot take focus or input').toBe(false);
  const before = await dialog.boundingBox();

  release();
  await waitForIslandOf(dialog.getByRole('button', { name: /submit/i }));
  await expect(name, 'focus goes to the first field once it is there').toBeFocused();
  expect(await dialog.boundingBox(), 'nothing moves when the form mounts').toEqual(before);

  await page.keyboard.type('Mary Bryant');
  await expect(name).toHaveValue('Mary Bryant');
});

test('a form dialog opened without any intent event still loads its form', async ({ page }) => {
  await page.goto('/');
  const dialog = interestDialog(page);
  await page.evaluate((dialogId) => {
    const element = document.getElementById(dialogId);
    if (element instanceof HTMLDialogElement) element.showModal();
  }, tripDialogIds(TRIP_SLUG).interest);
  await expect(dialog).toBeVisible();
  await waitForIslandOf(dialog.getByRole('button', { name: /submit/i }));
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
});
