import type { BrowserContext, Page } from '@playwright/test';
import { THEME_STORAGE_KEY, type Theme } from '../../src/stores/theme';

// The theme lives on <html> (class "dark", plus data-theme). These helpers read it the same way the CSS does.

export type { Theme };

/** The theme <html> shows right now: dark exactly when it carries the `dark` class the CSS keys on. */
export function readTheme(page: Page): Promise<Theme> {
  return page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));
}

/** Starts every page of the context with a stored theme, as a returning visitor who chose it would. */
export async function useStoredTheme(context: BrowserContext, theme: Theme): Promise<void> {
  await context.addInitScript(
    ([key, value]) => {
      try {
        localStorage.setItem(key, value);
      } catch {
        // about:blank and opaque origins have no storage; the real pages do.
      }
    },
    [THEME_STORAGE_KEY, theme] as const,
  );
}

export interface FirstPaintRecord {
  /** The theme at the first animation frame, i.e. what the very first paint shows. */
  atFirstFrame: Theme | null;
  /** The theme when DOMContentLoaded fired. */
  atDomContentLoaded: Theme | null;
  /** Every theme <html> showed from the moment <body> existed, in order (a flash shows up here). */
  whileLoading: Theme[];
}

/**
 * Installs a recorder that runs before any page script: it notes the theme at the first animation frame,
 * at DOMContentLoaded, and on every change of <html>'s class once the body exists. Read it with
 * `readFirstPaintRecord` after the load.
 */
export async function recordThemeAtFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const read = (): Theme | null => {
      const html = document.documentElement as HTMLElement | null;
      if (!html) return null;
      return html.classList.contains('dark') ? 'dark' : 'light';
    };
    const record: FirstPaintRecord = { atFirstFrame: null, atDomContentLoaded: null, whileLoading: [] };
    (window as unknown as { __themeRecord: FirstPaintRecord }).__themeRecord = record;
    const noteWhileLoading = () => {
      const theme = read();
      if (!document.body || theme === null) return;
      if (record.whileLoading.at(-1) !== theme) record.whileLoading.push(theme);
    };
    new MutationObserver(noteWhileLoading).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class'],
    });
    requestAnimationFrame(() => {
      record.atFirstFrame = read();
      noteWhileLoading();
    });
    document.addEventListener('DOMContentLoaded', () => {
      record.atDomContentLoaded = read();
      noteWhileLoading();
    });
  });
}

export async function readFirstPaintRecord(page: Page): Promise<FirstPaintRecord> {
  await page.waitForLoadState('load');
  return page.evaluate(() => (window as unknown as { __themeRecord: FirstPaintRecord }).__themeRecord);
}

/** The colour a utility class (`text-destructive`) gives text in the page's current theme, as CSS reports it. */
export function colourOfClass(page: Page, className: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.className = name;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, className);
}
