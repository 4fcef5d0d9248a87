import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MARKETING_CONSENT_LABEL } from '../auth/auth-texts';
import RegisterIsland from '../auth/RegisterIsland';
import InterestIsland from '../interest/InterestIsland';
import WaitlistIsland from '../waitlist/WaitlistIsland';

// What the islands render on the server: the static HTML a visitor sees before hydration.
function labelsOf(html: string): string[] {
  return [...html.matchAll(/<label for="([^"]+)"[^>]*>([^<]+)<\/label>/g)].map((m) => `${m[1]}=${m[2]}`);
}

describe('form islands', () => {
  it('the interest form has name, email, phone and message, and an empty status region', () => {
    const html = renderToStaticMarkup(
      <InterestIsland idPrefix="i" eventName="Tasmania" contactEmail="a@b.au" />,
    );
    expect(labelsOf(html)).toEqual(['i-name=Name', 'i-email=Email', 'i-phone=Phone', 'i-message=Message']);
    expect(html).toContain('type="email" id="i-email"');
    expect(html).toContain('<div role="status"></div>');
    expect(html).toContain('>Submit Interest</button>');
  });

  it('the waitlist form has full name, email, phone and notes', () => {
    const html = renderToStaticMarkup(<WaitlistIsland idPrefix="w" eventName="USA" contactEmail="a@b.au" />);
    expect(labelsOf(html)).toEqual([
      'w-full-name=Full name',
      'w-email=Email',
      'w-phone=Phone',
      'w-notes=Notes',
    ]);
    expect(html).toContain('<div role="status"></div>');
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
