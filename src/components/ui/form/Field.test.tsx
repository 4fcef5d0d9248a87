import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field } from './Field';

const noop = () => undefined;

describe('Field', () => {
  it('labels its input and marks a required field without putting the marker in the name', () => {
    const html = renderToStaticMarkup(
      <Field id="f-name" name="name" label="Name" required value="" onChange={noop} />,
    );
    expect(html).toContain('<label for="f-name" class="font-medium">Name</label>');
    expect(html).toMatch(/<input type="text" id="f-name" required=""[^>]* name="name"/);
    expect(html).toContain('<span aria-hidden="true" class="text-destructive">*</span>');
    expect(html).not.toContain('aria-invalid');
  });

  it('says when a field is optional', () => {
    const html = renderToStaticMarkup(
      <Field id="f-phone" name="phone" label="Phone" value="" onChange={noop} />,
    );
    expect(html).toContain('(optional)');
    expect(html).not.toContain('required');
  });

  it('ties an error to its input', () => {
    const html = renderToStaticMarkup(
      <Field
        id="f-email"
        name="email"
        label="Email"
        type="email"
        value="x"
        error="Bad e-mail"
        onChange={noop}
      />,
    );
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="f-email-error"');
    expect(html).toContain('<p id="f-email-error" class="text-destructive text-sm">Bad e-mail</p>');
  });

  it('renders a textarea when given rows', () => {
    const html = renderToStaticMarkup(
      <Field id="f-msg" name="message" label="Message" rows={6} value="" onChange={noop} />,
    );
    expect(html).toMatch(/<textarea rows="6" id="f-msg" name="message"/);
  });
});
