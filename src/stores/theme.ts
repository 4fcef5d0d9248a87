import { atom } from 'nanostores';

export type Theme = 'dark' | 'light';

/** localStorage key; the inline script in BaseLayout reads the same key before first paint. */
export const THEME_STORAGE_KEY = 'theme';

/** Dark is the default whenever nothing (or something unexpected) is stored. */
export function parseTheme(stored: string | null | undefined): Theme {
  return stored === 'light' ? 'light' : 'dark';
}

export const $theme = atom<Theme>('dark');

function applyToDocument(theme: Theme): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.dataset['theme'] = theme;
}

function persist(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode or disabled storage: the theme still applies for this page view.
  }
}

export function setTheme(theme: Theme): void {
  $theme.set(theme);
  applyToDocument(theme);
  persist(theme);
}

export function toggleTheme(): void {
  setTheme($theme.get() === 'dark' ? 'light' : 'dark');
}

/** Reads the theme the inline head script already applied, so the store starts in step with the page. */
export function syncThemeFromDocument(): void {
  if (typeof document === 'undefined') return;
  $theme.set(document.documentElement.classList.contains('dark') ? 'dark' : 'light');
}
