import { describe, expect, it } from 'vitest';
import { holdEndsLabel } from './book';
import { offerAddressText, offerClosedText, offerHeldText, offerTokenFrom, placesWithOffer } from './offer';

const TOKEN = 'ab'.repeat(32);
const EXPIRES = '2026-12-04T06:30:00Z';

describe('a waitlist offer in the booking flow', () => {
  it('reads the token from the address, and tells no token from a broken one', () => {
    expect(offerTokenFrom('?event=x')).toBeUndefined();
    expect(offerTokenFrom(`?offer=${TOKEN.toUpperCase()}`)).toBe(TOKEN);
    expect(offerTokenFrom('?offer=abc')).toBeNull();
    expect(offerTokenFrom(`?offer=${TOKEN}x`)).toBeNull();
  });

  it('says how many places are held and until when, in Sydney time', () => {
    expect(offerHeldText({ places: 1, expires_at: EXPIRES })).toBe(
      `We are holding 1 place on this departure for you until ${holdEndsLabel(EXPIRES)}. Book before then to keep it.`,
    );
    expect(offerHeldText({ places: 2, expires_at: EXPIRES })).toMatch(
      /^We are holding 2 places .+ keep them\.$/,
    );
  });

  it('explains an offer that cannot be used any more', () => {
    expect(offerClosedText({ state: 'offered', expires_at: EXPIRES })).toBeNull();
    expect(offerClosedText({ state: 'taken', expires_at: EXPIRES })).toMatch(/already been used to book/);
    expect(offerClosedText({ state: 'withdrawn', expires_at: EXPIRES })).toMatch(/withdrawn/);
    expect(offerClosedText({ state: 'expired', expires_at: EXPIRES })).toBe(
      `This offer expired at ${holdEndsLabel(EXPIRES)}. Reply to the offer’s e-mail if you still want to travel: we will tell you if places are free.`,
    );
  });

  it('asks a member signed in with another address to use the offered one', () => {
    expect(offerAddressText('wren@example.com', 'Wren@Example.com')).toBeNull();
    expect(offerAddressText('wren@example.com', 'sol@example.com')).toBe(
      'This offer was sent to wren@example.com, but you are signed in as sol@example.com. Sign out, then sign in or register with wren@example.com to book with it.',
    );
  });

  it('adds the held places to the places left on a departure that shows sold out because of them', () => {
    expect(placesWithOffer({ state: 'sold-out', places_left: 0 }, { places: 1 })).toBe(1);
    expect(placesWithOffer({ state: 'open', places_left: 2 }, { places: 2 })).toBe(4);
    expect(placesWithOffer({ state: 'open', places_left: null }, { places: 1 })).toBeNull();
    expect(placesWithOffer({ state: 'closed', places_left: 0 }, { places: 1 })).toBeUndefined();
  });
});
