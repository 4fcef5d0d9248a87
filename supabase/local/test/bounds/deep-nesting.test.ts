import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/http.ts';
import { MAX_NESTING_DEPTH } from '../../src/rest/cursor.ts';
import { MAX_EMBED_DEPTH } from '../../src/rest/select-parser.ts';
import { rawRest, startRestFixture, type RestFixture } from '../rest/fixture.ts';

/** `(and(or(and(…id.eq.1…))))`: a logic tree `levels` deep (the outer parentheses are the first level). */
const logicTree = (levels: number) => {
  let tree = 'id.eq.1';
  for (let level = 1; level < levels; level += 1) tree = `${level % 2 ? 'and' : 'or'}(${tree})`;
  return `(${tree})`;
};
/** `a(a(a(…id…)))`: embeds `levels` deep. */
const nestedSelect = (levels: number) => `${'a('.repeat(levels)}id${')'.repeat(levels)}`;
/** `[[[…]]]` `levels` deep. */
const nestedArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const nestedObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

const MEMBER = { email: 'member@example.com', password: 'password123' };
const AUTH_HEADERS = { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };

describe.each(['pglite', 'postgres'] as const)(
  'deeply nested input on %s: a 4xx, never a 500',
  (database) => {
    let f: RestFixture;
    beforeAll(async () => {
      f = await startRestFixture(database);
    });
    afterAll(async () => {
      await f.stack.close();
    });

    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${f.stack.url}/${path}`, {
        method: 'POST',
        headers: { apikey: f.stack.anonKey, 'content-type': 'application/json', ...headers },
        body,
      });
    const tooDeep = {
      code: 'PGRST100',
      details: `nesting deeper than ${MAX_NESTING_DEPTH} levels`,
      hint: null,
    };

    it('refuses or=/and= trees 3,000 levels deep with PGRST100, and answers one at the limit', async () => {
      for (const key of ['or', 'and', 'not.or', 'rest_owners.or']) {
        const select = key.startsWith('rest_owners') ? 'id,rest_owners(id)' : 'id';
        const answer = await rawRest(f.stack, `rest_items?select=${select}&${key}=${logicTree(3000)}`);
        expect(answer).toMatchObject({ status: 400, body: tooDeep });
      }
      const atLimit = await rawRest(f.stack, `rest_items?select=id&or=${logicTree(MAX_NESTING_DEPTH)}`);
      expect(atLimit).toMatchObject({ status: 200, body: [{ id: 1 }] });
    });

    it('refuses embeds 3,000 levels deep in select= with PGRST100, at the embed bound', async () => {
      const embedsTooDeep = { ...tooDeep, details: `embeds nested deeper than ${MAX_EMBED_DEPTH} levels` };
      const answer = await rawRest(f.stack, `rest_items?select=${nestedSelect(3000)}`);
      expect(answer).toMatchObject({ status: 400, body: embedsTooDeep });
      const spread = await rawRest(f.stack, `rest_items?select=${'...a('.repeat(1500)}id${')'.repeat(1500)}`);
      expect(spread).toMatchObject({ status: 400, body: embedsTooDeep });
    });

    it('refuses JSON bodies nested too deep on insert and RPC with PGRST102, and stores one at the limit', async () => {
      const deepMeta = `{"id": 90, "name": "deep", "meta": ${nestedArray(100_000)}}`;
      const insert = await post('rest/v1/rest_items', deepMeta);
      expect(insert.status).toBe(400);
      expect(await insert.json()).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
      const rpc = await post('rest/v1/rpc/rest_add', `{"a": 1, "b": ${nestedObject(MAX_JSON_DEPTH + 1)}}`);
      expect(rpc.status).toBe(400);
      expect(await rpc.json()).toMatchObject({ code: 'PGRST102' });
      // The limit counts the row object itself: its meta may nest one level less.
      const atLimit = await f.service.from('rest_items').insert({
        id: 91,
        name: 'deep but allowed',
        meta: JSON.parse(nestedObject(MAX_JSON_DEPTH - 1)) as object,
      });
      expect(atLimit.error).toBeNull();
      expect(atLimit.status).toBe(201);
      const stored = await f.service.from('rest_items').select('id').in('id', [90, 91]);
      expect(stored.data).toEqual([{ id: 91 }]);
    });

    it('refuses auth bodies nested too deep on sign-up and user update with bad_json', async () => {
      const signUp = await post(
        'auth/v1/signup',
        `{"email": "deep@example.com", "password": "password123", "data": ${nestedObject(10_000)}}`,
        AUTH_HEADERS,
      );
      expect(signUp.status).toBe(400);
      const signUpBody = (await signUp.json()) as { code: string; message: string };
      expect(signUpBody.code).toBe('bad_json');
      expect(signUpBody.message).toMatch(/^Could not parse request body as JSON: exceeded max depth/);

      const { data, error } = await f.anon.auth.signInWithPassword(MEMBER);
      expect(error).toBeNull();
      const update = await fetch(`${f.stack.url}/auth/v1/user`, {
        method: 'PUT',
        headers: {
          apikey: f.stack.anonKey,
          authorization: `Bearer ${data.session?.access_token}`,
          ...AUTH_HEADERS,
        },
        body: `{"data": ${nestedArray(20_000)}}`,
      });
      expect(update.status).toBe(400);
      expect(await update.json()).toMatchObject({ code: 'bad_json' });
      const nobody = await f.service.auth.admin.listUsers();
      expect(nobody.data.users.map((user) => user.email)).not.toContain('deep@example.com');
    });

    it('is still up after every attack', async () => {
      expect((await fetch(`${f.stack.url}/health`)).status).toBe(200);
      expect((await rawRest(f.stack, 'rest_items?select=id&id=eq.1')).body).toEqual([{ id: 1 }]);
    });
  },
);
