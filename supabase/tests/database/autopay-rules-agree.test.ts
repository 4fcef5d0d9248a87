import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOPAY_TERMS } from '../../../src/lib/rules/autopay.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// One rule, one place (decision 0088): the AutoPay terms the pages show beside the tick box are the latest
// version the database keeps, word for word, so a consent stored with that version names what was shown.
describe.each(DATABASE_KINDS)('the AutoPay terms on $name', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('shows the latest version, word for word', async () => {
    const { rows } = await testDb.db.query<{ version: number; body: string }>(
      `select version, body from private.autopay_terms order by version desc limit 1`,
    );
    expect(rows).toEqual([{ version: AUTOPAY_TERMS.version, body: AUTOPAY_TERMS.text }]);
  });
});
