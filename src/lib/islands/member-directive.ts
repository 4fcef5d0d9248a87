/**
 * `client:member`: hydrate at once in a browser that holds a session (SignedInMark has set
 * <html data-signed-in> before the first paint), and for a visitor on the first sign that someone is using
 * the page: a pointer, a touch, a key, focus, a wheel or a scroll. For a page whose island only refreshes
 * for a visitor what the build already rendered (/events: the built list, decision 0070's second
 * amendment), a visitor who only reads never downloads or runs React, and a member's page is live at once.
 */
import type { ClientDirective } from 'astro';

const USE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'wheel'] as const;

const memberDirective: ClientDirective = (load, _options, el) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of USE_EVENTS) document.removeEventListener(type, start, true);
    window.removeEventListener('scroll', start);
    void load().then((hydrate) => hydrate());
  };
  if (document.documentElement.hasAttribute('data-signed-in')) {
    // A member's view is not what the build rendered (a visitor's): React renders it afresh (the renderer's
    // createRoot for `client="only"`) instead of first hydrating the build's cards only to replace them,
    // work that would delay the member's first paint (issue 25, decision 0070's sixth amendment).
    el.setAttribute('client', 'only');
    return start();
  }
  for (const type of USE_EVENTS) document.addEventListener(type, start, { capture: true, passive: true });
  window.addEventListener('scroll', start, { passive: true });
};

export default memberDirective;
