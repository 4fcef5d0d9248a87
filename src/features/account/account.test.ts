import { describe, expect, it } from 'vitest';
import {
  customerIdFromPath,
  deletionConfirmed,
  deletionRules,
  detailsToRow,
  exportFileName,
  formatMemberSince,
  linkMessage,
  validateDetails,
  validateEmailChange,
  validatePasswordChange,
} from './account';

const ID = '0b5e6f1c-2a3d-4e5f-8a9b-0c1d2e3f4a5b';

describe('validateDetails', () => {
  it('wants a name and accepts an empty phone', () => {
    expect(validateDetails({ fullName: '  ', phone: '' })).toEqual({
      fullName: 'Please enter your full name.',
    });
    expect(validateDetails({ fullName: 'Mia', phone: '' })).toEqual({});
  });
  it('refuses a phone the database would refuse', () => {
    expect(validateDetails({ fullName: 'Mia', phone: '12' }).phone).toMatch(/valid phone/);
  });
  it('saves trimmed values and an empty phone as null', () => {
    expect(detailsToRow({ fullName: ' Mia ', phone: ' ' })).toEqual({ full_name: 'Mia', phone: null });
    expect(detailsToRow({ fullName: 'Mia', phone: ' 0400 111 222 ' })).toEqual({
      full_name: 'Mia',
      phone: '0400 111 222',
    });
  });
});

describe('validateEmailChange', () => {
  it('refuses a malformed address and the current one', () => {
    expect(validateEmailChange({ email: 'nope' }, 'mia@example.com').email).toMatch(/valid e-mail/);
    expect(validateEmailChange({ email: ' MIA@example.com ' }, 'mia@example.com').email).toBe(
      'That is already your e-mail address.',
    );
    expect(validateEmailChange({ email: 'new@example.com' }, 'mia@example.com')).toEqual({});
  });
});

describe('validatePasswordChange', () => {
  it('applies the password rule and wants the same password twice', () => {
    expect(validatePasswordChange({ password: 'short1', confirm: 'short1' }).password).toMatch(/at least 8/);
    expect(validatePasswordChange({ password: 'longenough', confirm: 'longenough' }).password).toMatch(
      /digit/,
    );
    expect(validatePasswordChange({ password: 'ghost-walk-9', confirm: 'ghost-walk-8' })).toEqual({
      confirm: 'The two passwords are not the same. Please type it again.',
    });
    expect(validatePasswordChange({ password: 'ghost-walk-9', confirm: 'ghost-walk-9' })).toEqual({});
  });
});

describe('linkMessage', () => {
  it('reads the message of the first e-mail change link, and a link error', () => {
    expect(
      linkMessage(
        '#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email',
      ),
    ).toEqual({
      text: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      isError: false,
    });
    expect(
      linkMessage('#error=access_denied&error_description=Email+link+is+invalid+or+has+expired'),
    ).toEqual({
      text: 'Email link is invalid or has expired',
      isError: true,
    });
    expect(linkMessage('#access_token=abc&type=email_change')).toBeNull();
    expect(linkMessage('')).toBeNull();
  });
});

describe('customerIdFromPath', () => {
  it('takes a uuid from /customer/{id} and nothing else', () => {
    expect(customerIdFromPath(`/customer/${ID}`)).toBe(ID);
    expect(customerIdFromPath(`/customer/${ID.toUpperCase()}/`)).toBe(ID);
    expect(customerIdFromPath('/customer')).toBeNull();
    expect(customerIdFromPath('/customer/not-an-id')).toBeNull();
    expect(customerIdFromPath(`/customer/${ID}/more`)).toBeNull();
  });
});

describe('small formats', () => {
  it('names the download by the day and says member since in Australian English', () => {
    expect(exportFileName(new Date('2026-11-24T03:00:00Z'))).toBe('haunted-horizons-my-data-2026-11-24.json');
    // 20:00 UTC on 30 November is already 1 December in Sydney.
    expect(formatMemberSince('2026-11-30T20:00:00Z')).toBe('December 2026');
  });
  it("confirms deletion only with the member's own address", () => {
    expect(deletionConfirmed(' Mia@Example.com ', 'mia@example.com')).toBe(true);
    expect(deletionConfirmed('mia@example.co', 'mia@example.com')).toBe(false);
    expect(deletionConfirmed('', '')).toBe(false);
  });
  it('the deletion form refuses any other address, naming the one to type', () => {
    const rules = deletionRules('mia@example.com');
    expect(rules.confirmation(' MIA@example.com', { confirmation: '' })).toBeUndefined();
    expect(rules.confirmation('mia@example.co', { confirmation: '' })).toBe(
      'Type your e-mail address (mia@example.com) to confirm.',
    );
  });
});
