import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageAltProblem, updateLinkProblem } from '../../../src/features/admin/updates/update-rules.ts';
import type { Queryable } from '../../local/src/db/types.ts';
import { ID, insertFixtures } from './fixtures.ts';
import { runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';
import { paragraphDoc } from './update-doc.ts';

// Rich event updates (20261128100001, 20261128100003): the database is the document's rule and its one
// renderer. A document with each node and mark the editor makes renders to fixed tags with every character
// escaped; anything else is refused with the admin's words; the plain text and the HTML are derived on
// write; old plain-text updates read as paragraphs; the e-mail carries both parts.

type Node = Record<string, unknown>;
const text = (value: string, ...marks: Node[]): Node => ({
  type: 'text',
  text: value,
  ...(marks.length ? { marks } : {}),
});
const paragraph = (...content: Node[]): Node => ({ type: 'paragraph', content });
const doc = (...content: Node[]) => ({ type: 'doc', content });
const item = (...content: Node[]): Node => ({ type: 'listItem', content });
const link = (href: string): Node => ({
  type: 'link',
  attrs: { href, target: '_blank', rel: 'noopener noreferrer nofollow', class: null },
});

const RICH = doc(
  { type: 'heading', attrs: { level: 2 }, content: [text('Gate times')] },
  paragraph(text('Meet at '), text('six', { type: 'bold' }), text(' sharp', { type: 'italic' }), text('.')),
  { type: 'bulletList', content: [item(paragraph(text('Torch'))), item(paragraph(text('Coat')))] },
  {
    type: 'orderedList',
    attrs: { start: 1, type: null },
    content: [
      item(paragraph(text('Gate')), { type: 'bulletList', content: [item(paragraph(text('North side')))] }),
    ],
  },
  paragraph(
    text('Ask ', { type: 'bold' }),
    text('us', link('mailto:hello@example.org')),
    { type: 'hardBreak' },
    text('Bye'),
  ),
);

describe.each(DATABASE_KINDS)('rich event updates on $name', (kind) => {
  let testDb: TestDatabase;

  async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
    const { rows } = await testDb.db.query<{ value: T }>(sql, params);
    return rows[0]!.value;
  }
  const problem = (value: unknown) =>
    one<string | null>('select private.update_doc_problem($1::jsonb) as value', [JSON.stringify(value)]);

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('renders each node and mark to plain text and to fixed HTML tags', async () => {
    expect(await problem(RICH)).toBeNull();
    expect(await one('select private.update_doc_text($1::jsonb) as value', [JSON.stringify(RICH)])).toBe(
      'Gate times\n\nMeet at six sharp.\n\n- Torch\n- Coat\n\n1. Gate\n  - North side\n\nAsk us (mailto:hello@example.org)\nBye',
    );
    expect(await one('select private.update_node_html($1::jsonb) as value', [JSON.stringify(RICH)])).toBe(
      '<h2>Gate times</h2><p>Meet at <strong>six</strong><em> sharp</em>.</p>' +
        '<ul><li><p>Torch</p></li><li><p>Coat</p></li></ul>' +
        '<ol><li><p>Gate</p><ul><li><p>North side</p></li></ul></li></ol>' +
        '<p><strong>Ask </strong><a href="mailto:hello@example.org">us</a><br>Bye</p>',
    );
  });

  it('escapes markup in text and in link addresses', async () => {
    const hostile = doc(
      paragraph(text('<script>alert("x")</script> & \'quotes\'')),
      paragraph(text('here', link('https://example.org/?q="><script>alert(1)</script>'))),
    );
    expect(await problem(hostile)).toBeNull();
    const html = await one<string>('select private.update_node_html($1::jsonb) as value', [
      JSON.stringify(hostile),
    ]);
    expect(html).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</p>' +
        '<p><a href="https://example.org/?q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">here</a></p>',
    );
    expect(html).not.toMatch(/<script/);
  });

  it('refuses links other than https: and mailto:, with words the admin can act on', async () => {
    for (const href of [
      'javascript:alert(1)',
      'http://example.org',
      'data:text/html,x',
      'https://',
      '//example.org',
      'https://a b',
    ])
      expect(await problem(doc(paragraph(text('x', link(href)))))).toBe(
        'Links must start with https:// or mailto: (at most 2000 characters, no spaces).',
      );
  });

  it('refuses nodes, marks and attributes the editor does not make', async () => {
    for (const bad of [
      doc({ type: 'image', attrs: { src: 'https://example.org/x.png' } }),
      doc({ type: 'codeBlock', content: [text('x')] }),
      doc(paragraph(text('x', { type: 'strike' }))),
      doc({ type: 'heading', attrs: { level: 1 }, content: [text('Big')] }),
      doc(paragraph(paragraph(text('nested')))),
      doc({ type: 'bulletList', content: [] }),
      doc(text('bare text')),
      { type: 'paragraph', content: [text('not a doc')] },
      doc(paragraph({ type: 'text', text: '' })),
      doc(paragraph({ type: 'text', text: 5 })),
    ])
      expect(await problem(bad)).not.toBeNull();
  });

  it('limits the plain text to 1 to 5000 characters', async () => {
    expect(await problem(doc(paragraph(text('x'.repeat(5000)))))).toBeNull();
    expect(await problem(doc(paragraph(text('x'.repeat(5001)))))).toBe(
      'The update must be 1 to 5000 characters.',
    );
    expect(await problem(doc(paragraph()))).toBe('The update must be 1 to 5000 characters.');
    expect(await problem(doc())).toBe('Please enter the update.');
  });

  it('derives the text and HTML on write, and reads an old plain-text update as paragraphs', async () => {
    const rows = await runAs(testDb.db, 'admin', async (tx: Queryable) => {
      await tx.query(
        `insert into public.event_updates (event_id, title, body, body_doc) values ($1, 'Rich', 'ignored', $2::jsonb)`,
        [ID.published, JSON.stringify(doc(paragraph(text('Bold', { type: 'bold' }))))],
      );
      await tx.query(`insert into public.event_updates (event_id, title, body) values ($1, 'Plain', $2)`, [
        ID.published,
        'First line\nsecond <line>\n\nNext paragraph',
      ]);
      return (
        await tx.query<{ title: string; body: string; body_html: string }>(
          `select title, body, body_html from public.event_updates where title in ('Rich', 'Plain') order by title`,
        )
      ).rows;
    });
    expect(rows).toEqual([
      {
        title: 'Plain',
        body: 'First line\nsecond <line>\n\nNext paragraph',
        body_html: '<p>First line<br>second &lt;line&gt;</p><p>Next paragraph</p>',
      },
      { title: 'Rich', body: 'Bold', body_html: '<p><strong>Bold</strong></p>' },
    ]);
    await expect(
      runAs(testDb.db, 'admin', (tx) =>
        tx.query(
          `insert into public.event_updates (event_id, title, body, body_doc) values ($1, 'Bad', 'x', $2::jsonb)`,
          [ID.published, JSON.stringify(doc(paragraph(text('x', link('javascript:alert(1)')))))],
        ),
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });

  describe('sending', () => {
    const IMAGE = `${ID.admin}/1700000000000.png`;
    async function send(body: unknown, image: string | null, alt: string | null, title: string) {
      return runAs(testDb.db, 'admin', async (tx: Queryable) => {
        await tx.query(`select public.send_event_update($1, $2, $3::jsonb, 'travellers', $4, $5)`, [
          ID.published,
          title,
          JSON.stringify(body),
          image,
          alt,
        ]);
        await tx.query('reset role');
        const mail = await tx.query<{ body: string; html_body: string }>(
          `select body, html_body from private.outbound_mail where subject like '%' || $1 order by recipient limit 1`,
          [title],
        );
        const update = await tx.query<{ image_path: string; image_alt: string; body_html: string }>(
          `select image_path, image_alt, body_html from public.event_updates where title = $1`,
          [title],
        );
        return { mail: mail.rows[0]!, update: update.rows[0]! };
      });
    }

    it('queues text and HTML parts, the image shown with its alt text', async () => {
      const { mail, update } = await send(RICH, IMAGE, 'A lantern by the gate', 'Lantern <night>');
      expect(update).toMatchObject({ image_path: IMAGE, image_alt: 'A lantern by the gate' });
      expect(mail.body).toMatch(/^Gate times\n\nMeet at six sharp\./);
      expect(mail.body).toContain('This update has a picture (A lantern by the gate): http');
      expect(mail.html_body).toContain('<h1>Lantern &lt;night&gt;</h1>');
      expect(mail.html_body).toContain(update.body_html);
      // Shown by its public Storage URL on the API's origin (20261128500001).
      expect(mail.html_body).toContain(
        `<img src="http://127.0.0.1:54321/storage/v1/object/public/update-images/${IMAGE}" alt="A lantern by the gate"`,
      );
      expect(mail.html_body).toContain('because you are booked on Published trip.');
    });

    it('refuses an image without alt text, a bad image path and a bad document, and writes nothing', async () => {
      await expect(send(RICH, IMAGE, ' ', 'No alt')).rejects.toMatchObject({
        code: '22023',
        message: 'Please describe the image in 1 to 200 characters (its alt text).',
      });
      await expect(send(RICH, '../etc/passwd', 'Alt', 'Bad path')).rejects.toMatchObject({ code: '22023' });
      await expect(
        send(JSON.parse(paragraphDoc('x')).content, null, null, 'Not a doc'),
      ).rejects.toMatchObject({
        code: '22023',
        message: 'Please enter the update.',
      });
      const { rows } = await testDb.db.query<{ n: number }>(
        `select count(*)::int as n from public.event_updates where title in ('No alt', 'Bad path', 'Not a doc')`,
      );
      expect(rows[0]!.n).toBe(0);
    });
  });

  it('agrees with the TypeScript rules at the boundaries', async () => {
    const links = [
      'https://example.org',
      'https://example.org/a?b=c#d',
      `https://example.org/${'x'.repeat(2000 - 'https://example.org/'.length)}`,
      `https://example.org/${'x'.repeat(2001 - 'https://example.org/'.length)}`,
      'https://',
      'https://a b',
      'https://user@example.org',
      'http://example.org',
      'mailto:a@b.org',
      'MAILTO:a@b.org',
      'mailto:a@b.org?subject=Hi',
      'mailto:nobody',
      'javascript:alert(1)',
      ' https://example.org',
    ];
    for (const href of links)
      expect([href, await one('select private.is_update_link($1) as value', [href])]).toEqual([
        href,
        updateLinkProblem(href) === undefined,
      ]);
    const alts = ['A lantern', 'x'.repeat(200), 'x'.repeat(201), '', ' padded ', 'two\nlines', 'tab\there'];
    for (const alt of alts)
      expect([alt, await one('select private.is_image_alt($1) as value', [alt])]).toEqual([
        alt,
        // The form trims before it sends; the database sees the trimmed text.
        imageAltProblem(alt) === undefined && alt === alt.trim(),
      ]);
  });
});
