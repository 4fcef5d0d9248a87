import { describe, expect, it } from 'vitest';
import { legalBodyToHtml } from './portable-text';

function block(text: string, options: { style?: string; marks?: string[]; markDefs?: object[] } = {}) {
  return {
    _type: 'block',
    _key: text.slice(0, 6),
    style: options.style ?? 'normal',
    markDefs: options.markDefs ?? [],
    children: [{ _type: 'span', _key: 's', text, marks: options.marks ?? [] }],
  };
}

describe('legalBodyToHtml', () => {
  it('renders headings and paragraphs, escaping text', () => {
    const html = legalBodyToHtml([block('Deposits', { style: 'h2' }), block('$800 <b>per</b> person')]);
    expect(html).toBe('<h2>Deposits</h2><p>$800 &lt;b&gt;per&lt;/b&gt; person</p>');
  });

  it('keeps web and mailto links but drops script URLs', () => {
    const link = (href: string) =>
      block('contact us', { marks: ['l'], markDefs: [{ _type: 'link', _key: 'l', href }] });
    expect(legalBodyToHtml([link('mailto:hello@example.com')])).toBe(
      '<p><a href="mailto:hello@example.com">contact us</a></p>',
    );
    expect(legalBodyToHtml([link('javascript:alert(1)')])).toBe('<p>contact us</p>');
  });
});
