import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paragraphDoc } from '../../../tests/database/update-doc.ts';
import { signedInAccount } from '../stack-accounts.ts';
import { startTestStack, type TestStack } from '../start-test-stack.ts';

// The one-click unsubscribe through real HTTP (decision 0047): an admin sends trip news, the member's mail
// names the function in List-Unsubscribe, and a mail client's POST to it clears their consent. Then what
// the function (and the stack's /functions/v1 gateway) refuse.

const ONE_CLICK = 'List-Unsubscribe=One-Click';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(['pglite', 'postgres'] as const)('one-click unsubscribe on %s', (database) => {
  let stack: TestStack;
  let target: string;
  let memberId: string;

  beforeAll(async () => {
    stack = await startTestStack({ database });
    const admin = await signedInAccount(stack, { email: 'ada@example.org', admin: true });
    const member = await signedInAccount(stack, { email: 'fan@example.org' });
    memberId = member.id;
    await stack.db.query('update public.profiles set marketing_consent = true where id = $1', [memberId]);
    const { rows } = await stack.db.query<{ id: string }>('select id from public.events order by id limit 1');
    const sent = await admin.client.rpc('send_event_update', {
      event_id: rows[0]!.id,
      title: 'Lantern night',
      body_doc: JSON.parse(paragraphDoc('Bring a torch.')),
      segment: 'all',
    });
    expect(sent.error).toBeNull();
    await stack.deliverMail();
    const [mail] = stack.mailbox?.list('fan@example.org') ?? [];
    const headers = await (await fetch(`${stack.mailUrl}/api/v1/message/${mail!.id}/headers`)).json();
    expect(headers['List-Unsubscribe-Post']).toEqual([ONE_CLICK]);
    target = /^<(.+)>$/.exec(headers['List-Unsubscribe'][0])?.[1] ?? '';
  });
  afterAll(async () => {
    await stack?.close();
  });

  const consent = async () =>
    (
      await stack.db.query<{ marketing_consent: boolean }>(
        'select marketing_consent from public.profiles where id = $1',
        [memberId],
      )
    ).rows[0]!.marketing_consent;

  it("names the stack's own function in the header", () => {
    expect(target).toMatch(
      new RegExp(`^${stack.url}/functions/v1/unsubscribe-one-click\\?token=[0-9a-f]{64}$`),
    );
  });

  it('refuses GET with 405 (a link scanner unsubscribes nobody)', async () => {
    const response = await fetch(target);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await consent()).toBe(true);
  });

  it('refuses a POST without the one-click body with 400', async () => {
    const response = await fetch(target, { method: 'POST', headers: FORM, body: 'List-Unsubscribe=Yes' });
    expect(response.status).toBe(400);
    expect(await consent()).toBe(true);
  });

  it('answers 404 for a token nobody was given, naming nobody', async () => {
    const response = await fetch(target.replace(/token=.*/, `token=${'0'.repeat(64)}`), {
      method: 'POST',
      headers: FORM,
      body: ONE_CLICK,
    });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('example.org');
  });

  it('unsubscribes on the one-click POST, without any key, and again on a second', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(target, { method: 'POST', headers: FORM, body: ONE_CLICK });
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain('fan@example.org');
    }
    expect(await consent()).toBe(false);
  });

  it('answers 404 for a function that does not exist, as hosted', async () => {
    for (const name of ['nope', 'constructor', '__proto__']) {
      const response = await fetch(`${stack.url}/functions/v1/${name}`, { method: 'POST' });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'Requested function was not found',
      });
    }
  });
});

describe('a function with verify_jwt (the default)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ toml: { functions: { 'unsubscribe-one-click': { verify_jwt: true } } } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const call = (authorization?: string) =>
    fetch(`${stack.url}/functions/v1/unsubscribe-one-click?token=${'0'.repeat(64)}`, {
      method: 'POST',
      headers: { ...FORM, ...(authorization ? { authorization } : {}) },
      body: ONE_CLICK,
    });

  it('refuses a request without a JWT, or with a bad one, with 401', async () => {
    expect((await call()).status).toBe(401);
    expect((await call('Bearer not-a-jwt')).status).toBe(401);
  });

  it('runs the function for a valid JWT (the anon key is one)', async () => {
    // The token is unknown, so the function itself answers 404.
    expect((await call(`Bearer ${stack.anonKey}`)).status).toBe(404);
  });
});
