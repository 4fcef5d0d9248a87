import type { Page } from '@playwright/test';

// Collects what a visitor's devtools would show in red: console errors and uncaught exceptions.

export interface ConsoleProblems {
  /** Everything collected so far, as readable lines. */
  list(): string[];
}

/**
 * Starts collecting console errors and page errors. `expectedResourceErrors` are URLs whose failed load is the
 * point of the page (the 404 page's own document), so Chromium's "Failed to load resource" line for them is
 * not a problem.
 */
export function collectConsoleProblems(page: Page, expectedResourceErrors: string[] = []): ConsoleProblems {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const source = message.location().url;
    const isExpected =
      message.text().startsWith('Failed to load resource') &&
      expectedResourceErrors.some((url) => source === url);
    if (!isExpected) problems.push(`console.error: ${message.text()} (${source})`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`);
  });
  return { list: () => [...problems] };
}
