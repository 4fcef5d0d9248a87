import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import RegisterIsland from '../../features/auth/RegisterIsland';
import { MARKETING_CONSENT_LABEL } from '../../features/consent/consent';
import InterestIsland from '../../features/interest/InterestIsland';
import WaitlistIsland from '../../features/waitlist/WaitlistIsland';

// What the islands render on the server: the static HTML a visitor sees before hydration.
function labelsOf(html: string): string[] {
  return [...html.matchAll(/<label for="([^"]+)"[^>]*>([^<]+)<\/label>/g)].map((m) => `${m[1]}=${m[2]}`);
}

/** The consent checkbox's tag; it must be there. */
function consentBoxOf(html: string, id: string): string {
  const box = new RegExp(`<input id="${id}" type="checkbox"[^>]*>`).exec(html)?.[0];
  expect(box, 'the consent checkbox').toBeDefined();
  return box ?? '';
}

describe('form islands', () => {
  it('the interest form has name, email, phone, message and the unticked consent box', () => {
    const html = renderToStaticMarkup(<InterestIsland idPrefix="i" eventName="Tasmania" />);
    expect(labelsOf(html)).toEqual([
      'i-name=Name',
      'i-email=Email',
      'i-phone=Phone',
      'i-message=Message',
      `i-consent=${MARKETING_CONSENT_LABEL}`,
    ]);
    expect(html).toContain('type="email" id="i-email"');
    expect(consentBoxOf(html, 'i-consent')).not.toMatch(/checked/);
    expect(html).toContain('>Submit Interest</button>');
  });

  it('the waitlist form has full name, email, phone, notes and the unticked consent box', () => {
    const html = renderToStaticMarkup(<WaitlistIsland idPrefix="w" eventName="USA" />);
    expect(labelsOf(html)).toEqual([
      'w-full-name=Full name',
      'w-email=Email',
      'w-phone=Phone',
      'w-notes=Notes',
      `w-consent=${MARKETING_CONSENT_LABEL}`,
    ]);
    expect(consentBoxOf(html, 'w-consent')).not.toMatch(/checked/);
    expect(html).toContain('>Add Me to the Waitlist</button>');
  });

  it('the registration overlay opens on Register: it hides the password and offers the membership benefits', () => {
    const html = renderToStaticMarkup(<RegisterIsland idPrefix="r" vipDialogId="vip" />);
    expect(html).toMatch(/role="tab" id="r-tab-register" aria-selected="true"/);
    expect(labelsOf(html)).toEqual([
      'r-register-full-name=Full name',
      'r-register-email=Email',
      'r-register-password=Password',
      `r-register-marketing-consent=${MARKETING_CONSENT_LABEL}`,
    ]);
    expect(html).toMatch(/type="checkbox"(?![^>]*checked)/);
    expect(html).toContain('type="password" id="r-register-password"');
    expect(html).toMatch(/aria-pressed="false"[^>]*>Show<span class="sr-only"> password<\/span>/);
    expect(html).toMatch(/data-dialog-open="vip"[^>]*>Learn more about membership benefits<\/button>/);
  });
});
