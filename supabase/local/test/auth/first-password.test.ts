import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { clientFor, followLink, latestLink, mailTo } from './helpers.ts';

// Decision 0065. Hosted GoTrue's UserUpdate mails the password notification for every new password, the
// first one included (internal/api/user.go: the notification is sent whether or not the user had a
// password before). Confirming an address clears the password typed at sign-up (decision 0016), so every
// new member sets a "first" password on /dashboard and receives that notification. The stack keeps
// GoTrue's behaviour; the product's template reads right for a first password and for a change.

const passwordMail = (subject: string) => /password/i.test(subject) && !/reset/i.test(subject);

describe.each(['pglite', 'postgres'] as const)('the first password on %s', (database) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('is mailed as GoTrue mails it, in words that fit a first password and a change alike', async () => {
    const email = 'first-password@example.org';
    const supabase = clientFor(stack);
    const signedUp = await supabase.auth.signUp({
      email,
      password: 'typed-at-signup-1',
      options: { data: { full_name: 'Casey Newcomer' } },
    });
    expect(signedUp.error).toBeNull();
    const { params } = await followLink(await latestLink(stack, email));
    const session = await supabase.auth.setSession({
      access_token: params.get('access_token') ?? '',
      refresh_token: params.get('refresh_token') ?? '',
    });
    expect(session.error).toBeNull();
    const { rows } = await stack.db.query<{ has_password: boolean }>(
      `select coalesce(encrypted_password, '') <> '' as has_password from auth.users where email = $1`,
      [email],
    );
    expect(rows, 'confirming cleared the password typed at sign-up (decision 0016)').toEqual([
      { has_password: false },
    ]);

    // The first password: GoTrue sends the notification, so the stack does too.
    expect((await supabase.auth.updateUser({ password: 'my-own-pass-2' })).error).toBeNull();
    const first = (await mailTo(stack, email)).filter((mail) => passwordMail(mail.subject));
    expect(first).toHaveLength(1);
    const [chosen] = first;
    expect(chosen?.subject).toBe('Your Haunted Horizons password is set');
    expect(chosen?.subject).not.toMatch(/changed/i);
    expect(chosen?.text).toContain(
      `A new password has just been set for the Haunted Horizons account for ${email}`,
    );
    expect(chosen?.text).toContain(
      "If you've just chosen your password after joining, or changed it yourself, there's nothing more to do.",
    );
    expect(chosen?.text).toContain("If this wasn't you, reset your password now");

    // A change of an existing password is mailed the same way.
    expect((await supabase.auth.updateUser({ password: 'my-next-pass-3' })).error).toBeNull();
    const both = (await mailTo(stack, email)).filter((mail) => passwordMail(mail.subject));
    expect(both).toHaveLength(2);
    expect(both[0]?.subject).toBe('Your Haunted Horizons password is set');
  });
});
