/**
 * Keeps the static chrome in step with the shared stores: the theme toggles, the cart count and sheet,
 * and every element that depends on being signed in. Elements opt in with data attributes:
 *   data-theme-toggle                       a button that toggles the theme (aria-pressed = dark)
 *   data-cart-count / data-cart-empty / data-cart-filled
 *   data-when-signed-in / data-when-signed-out / data-when-admin / data-session-name
 *   (data-sign-out marks the Sign Out buttons; the accounts work gives them their click handler)
 */
import { $cartCount } from '../../stores/cart';
import { $session, sessionDisplayName } from '../../stores/session';
import { $theme, syncThemeFromDocument, toggleTheme } from '../../stores/theme';

function all<T extends HTMLElement = HTMLElement>(selector: string): T[] {
  return Array.from(document.querySelectorAll<T>(selector));
}

syncThemeFromDocument();
$theme.subscribe((theme) => {
  for (const button of all('[data-theme-toggle]'))
    button.setAttribute('aria-pressed', String(theme === 'dark'));
});

$cartCount.subscribe((count) => {
  for (const badge of all('[data-cart-count]')) badge.textContent = String(count);
  for (const element of all('[data-cart-empty]')) element.hidden = count > 0;
  for (const element of all('[data-cart-filled]')) element.hidden = count === 0;
});

$session.subscribe((user) => {
  for (const element of all('[data-when-signed-in]')) element.hidden = !user;
  for (const element of all('[data-when-signed-out]')) element.hidden = Boolean(user);
  for (const element of all('[data-when-admin]')) element.hidden = !user?.isAdmin;
  for (const element of all('[data-session-name]'))
    element.textContent = user ? sessionDisplayName(user) : '';
});

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('[data-theme-toggle]')) toggleTheme();
});
