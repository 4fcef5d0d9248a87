// The one Chromium every browser tool here drives: Debian's package, never a downloaded build.
// Shared by Playwright, the JavaScript budget's network check and Lighthouse so they agree on flags.

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Headless flags that keep Chromium quiet and deterministic on a shared CI machine (root, no GPU). */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
