import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PortableTextBody as Body } from '../../lib/content';
import { PortableTextBody } from './PortableTextBody';

interface BlockOptions {
  style?: string;
  marks?: string[];
  markDefs?: object[];
  listItem?: 'bullet' | 'number';
}

let key = 0;
function block(text: string, { style = 'normal', marks = [], markDefs = [], listItem }: BlockOptions = {}) {
  key += 1;
  return {
    _type: 'block',
    _key: `b${key}`,
    style,
    markDefs,
    ...(listItem ? { listItem, level: 1 } : {}),
    children: [{ _type: 'span', _key: `s${key}`, text, marks }],
  };
}

const render = (...blocks: object[]) => renderToStaticMarkup(<PortableTextBody value={blocks as Body} />);
const link = (href: string) =>
  block('contact us', { marks: ['l'], markDefs: [{ _type: 'link', _key: 'l', href }] });

describe('PortableTextBody', () => {
  it('renders headings and paragraphs, escaping text', () => {
    expect(
      render(
        block('Deposits', { style: 'h2' }),
        block('Refunds', { style: 'h3' }),
        block('$800 <b>per</b> person'),
      ),
    ).toBe('<h2>Deposits</h2><h3>Refunds</h3><p>$800 &lt;b&gt;per&lt;/b&gt; person</p>');
  });

  it('renders bullet and numbered lists', () => {
    expect(render(block('One', { listItem: 'bullet' }), block('Two', { listItem: 'bullet' }))).toBe(
      '<ul><li>One</li><li>Two</li></ul>',
    );
    expect(render(block('First', { listItem: 'number' }))).toBe('<ol><li>First</li></ol>');
  });

  it('renders strong and emphasis marks', () => {
    expect(render(block('Note', { marks: ['strong'] }), block('this', { marks: ['em'] }))).toBe(
      '<p><strong>Note</strong></p><p><em>this</em></p>',
    );
  });

  it('keeps safe links and escapes their href', () => {
    expect(render(link('mailto:hello@example.com'))).toBe(
      '<p><a href="mailto:hello@example.com">contact us</a></p>',
    );
    expect(render(link('https://example.com/?a=1&b="2"'))).toBe(
      '<p><a href="https://example.com/?a=1&amp;b=&quot;2&quot;">contact us</a></p>',
    );
    expect(render(link('/privacy'))).toBe('<p><a href="/privacy">contact us</a></p>');
  });

  it('drops links that could run script or leave for another host, keeping their text', () => {
    for (const href of ['javascript:alert(1)', ' javascript:alert(1)', 'data:text/html,x', '//evil.example'])
      expect(render(link(href)), href).toBe('<p>contact us</p>');
  });
});
