import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestDatabaseKind, type TestStack } from '../start-test-stack.ts';
import { samples } from './samples.ts';
import { BUCKET, MEMBER, anonClient, filesOnDisk, memberClient, storedNames } from './storage-fixture.ts';

/** Malformed requests get Storage's 400 with a clear message (never a 500), and change nothing. */
describe.each<TestDatabaseKind>(['pglite', 'postgres'])('storage bad input (%s)', (database) => {
  let stack: TestStack;
  let memberId: string;
  let token: string;

  beforeAll(async () => {
    stack = await startTestStack({ database });
    const member = await memberClient(stack, MEMBER);
    memberId = member.userId;
    token = (await member.client.auth.getSession()).data.session?.access_token ?? '';
  });
  afterAll(() => stack?.close());

  async function call(
    method: string,
    path: string,
    init: { body?: BodyInit; headers?: Record<string, string> } = {},
  ) {
    const response = await fetch(`${stack.url}/storage/v1${path}`, {
      method,
      ...init,
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, ...init.headers },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const json = (body: unknown) => ({
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

  it.each([
    [{}, "body must have required property 'prefix'"],
    [{ prefix: 1 }, 'body/prefix must be string'],
    [{ prefix: '', limit: 0 }, 'body/limit must be >= 1'],
    [{ prefix: '', offset: -1 }, 'body/offset must be >= 0'],
    [{ prefix: '', limit: 'ten' }, 'body/limit must be integer'],
    [
      { prefix: '', sortBy: { column: 'name; drop table x' } },
      'body/sortBy/column must be equal to one of the allowed values',
    ],
    [
      { prefix: '', sortBy: { column: 'name', order: 'sideways' } },
      'body/sortBy/order must be equal to one of the allowed values',
    ],
  ])('list %j → %s', async (body, message) => {
    expect(await call('POST', `/object/list/${BUCKET}`, json(body))).toEqual({
      status: 400,
      body: { statusCode: '400', code: 'InvalidRequest', error: 'Bad Request', message },
    });
  });

  it('list and remove with a NUL character, and a body that is not JSON', async () => {
    const nul = await call('POST', `/object/list/${BUCKET}`, json({ prefix: 'a\u0000b' }));
    expect(nul.status).toBe(400);
    expect(nul.body.statusCode).toBe('400');
    const removeNul = await call('DELETE', `/object/${BUCKET}`, json({ prefixes: ['a\u0000b'] }));
    expect(removeNul.status).toBe(400);
    const notJson = await call('POST', `/object/list/${BUCKET}`, {
      body: '{"prefix":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toMatch(/not valid JSON/);
  });

  it('reads a JSON body only when it says application/json (a text/plain post from any page is no body)', async () => {
    const upload = await call('POST', `/object/${BUCKET}/${memberId}/kept.png`, {
      body: new Uint8Array(samples.png),
      headers: { 'content-type': 'image/png' },
    });
    expect(upload.status).toBe(200);
    const before = await storedNames(stack, memberId);
    expect(before).toContain(`${memberId}/kept.png`);
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const list = await call('POST', `/object/list/${BUCKET}`, {
        body: JSON.stringify({ prefix: memberId }),
        headers: { 'content-type': contentType },
      });
      expect(list).toEqual({
        status: 400,
        body: {
          statusCode: '400',
          code: 'InvalidRequest',
          error: 'Bad Request',
          message: 'body must be object',
        },
      });
      const remove = await call('DELETE', `/object/${BUCKET}`, {
        body: JSON.stringify({ prefixes: before }),
        headers: { 'content-type': contentType },
      });
      expect(remove.status).toBe(400);
    }
    expect(await storedNames(stack, memberId)).toEqual(before);
  });

  it.each([
    [{}, "body must have required property 'prefixes'"],
    [{ prefixes: 'a.png' }, 'body/prefixes must be array'],
    [{ prefixes: [] }, 'body/prefixes must NOT have fewer than 1 items'],
    [{ prefixes: [1] }, 'body/prefixes/0 must be string'],
  ])('remove %j → %s', async (body, message) => {
    expect((await call('DELETE', `/object/${BUCKET}`, json(body))).body).toMatchObject({
      statusCode: '400',
      message,
    });
  });

  it('an upload whose form fields would break response headers', async () => {
    const key = `${memberId}/header.png`;
    for (const [field, value] of [
      ['contentType', 'image/png\r\nx-evil: 1'],
      ['cacheControl', '3600\r\nSet-Cookie: a=b'],
    ] as const) {
      const form = new FormData();
      form.append(field, value);
      form.append('', new Blob([new Uint8Array(samples.png)], { type: 'image/png' }));
      const response = await call('POST', `/object/${BUCKET}/${key}`, { body: form });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^Invalid character in header/);
    }
    expect(await storedNames(stack, key)).toEqual([]);
    expect(await filesOnDisk(stack, memberId)).not.toContain(key);
  });

  it('a malformed multipart body, a bad token, a bad bucket name and an unknown route', async () => {
    const broken = await call('POST', `/object/${BUCKET}/${memberId}/broken.png`, {
      body: 'garbage',
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
    });
    expect(broken.body).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
    const badToken = await fetch(`${stack.url}/storage/v1/object/list/${BUCKET}`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        authorization: 'Bearer not.a.jwt',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ prefix: '' }),
    });
    expect(badToken.status).toBe(400);
    expect(await badToken.json()).toMatchObject({
      statusCode: '403',
      error: 'Unauthorized',
      code: 'AccessDenied',
    });
    expect((await call('POST', '/object/list/bad%00bucket', json({ prefix: '' }))).body).toMatchObject({
      statusCode: '400',
      message: 'Bucket name invalid',
    });
    expect((await call('GET', '/nowhere')).body).toMatchObject({ statusCode: '404' });
    const { error } = await anonClient(stack).storage.from(BUCKET).list('', { limit: 1.5 });
    expect(error).toMatchObject({ status: 400, statusCode: '400', message: 'body/limit must be integer' });
  });
});
