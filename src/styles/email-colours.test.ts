import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The auth e-mails (supabase/templates, which config.toml hands to hosted Supabase too) wear the site's
// light-theme colours, read from global.css, so they cannot drift off-brand (issue 20: the button was purple).
const css = readFileSync(new URL('./global.css', import.meta.url), 'utf8');
const root = css.slice(css.indexOf(':root {'), css.indexOf('}', css.indexOf(':root {')));
const token = (name: string) =>
  root.match(new RegExp(`--${name}:\\s*(#[0-9a-f]{6});`, 'i'))?.[1]?.toLowerCase();

const TEMPLATES = new URL('../../supabase/templates/', import.meta.url);
const templates = readdirSync(TEMPLATES).filter((file) => file.endsWith('.html'));

describe('auth e-mail colours', () => {
  const allowed = ['foreground', 'muted-foreground', 'primary', 'primary-foreground'].map(token);

  it.each(templates)('%s uses only the brand’s text and button colours', (file) => {
    const html = readFileSync(new URL(file, TEMPLATES), 'utf8');
    const colours = [...html.matchAll(/#[0-9a-f]{3,6}\b/gi)].map((m) => m[0].toLowerCase());
    expect(colours.length).toBeGreaterThan(0);
    expect(colours.filter((colour) => !allowed.includes(colour))).toEqual([]);
  });

  it.each(
    templates.filter((file) =>
      /href="\{\{ \.ConfirmationURL \}\}"/.test(readFileSync(new URL(file, TEMPLATES), 'utf8')),
    ),
  )('%s draws its button in the primary colour with its own text colour', (file) => {
    const html = readFileSync(new URL(file, TEMPLATES), 'utf8');
    expect(html).toContain(`background: ${token('primary')}`);
    expect(html).toContain(`color: ${token('primary-foreground')}`);
  });
});
