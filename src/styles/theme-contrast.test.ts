import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Reads the colour tokens straight from global.css, so a palette change that breaks contrast fails here
// before axe or Lighthouse see it.
const css = readFileSync(new URL('./global.css', import.meta.url), 'utf8');

function tokens(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  const body = css.slice(start, css.indexOf('}', start));
  return new Map([...body.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1] ?? '', m[2] ?? '']));
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

// [text, background] pairs the components actually use.
const TEXT_PAIRS: [string, string][] = [
  ...['background', 'card', 'muted', 'secondary'].map((bg): [string, string] => ['foreground', bg]),
  ...['background', 'card', 'muted'].map((bg): [string, string] => ['muted-foreground', bg]),
  ...['background', 'card', 'muted'].map((bg): [string, string] => ['accent', bg]),
  ['destructive', 'background'],
  ['destructive', 'card'],
  ['primary-foreground', 'primary'],
  ['secondary-foreground', 'secondary'],
  ['card-foreground', 'card'],
  ['badge-soon-foreground', 'badge-soon'],
  ['badge-planning-foreground', 'badge-planning'],
  ['badge-location-foreground', 'badge-location'],
  ['banner-foreground', 'banner'],
];

describe.each([
  ['light', tokens(':root')],
  ['dark', new Map([...tokens(':root'), ...tokens('.dark')])],
])('%s theme', (_name, palette) => {
  const color = (token: string) => {
    const value = palette.get(token);
    if (!value) throw new Error(`--${token} is not a hex colour in global.css`);
    return value;
  };

  it.each(TEXT_PAIRS)('%s on %s reaches 4.5:1', (text, background) => {
    expect(contrast(color(text), color(background))).toBeGreaterThanOrEqual(4.5);
  });

  it('the focus ring stands out 3:1 against the page and cards', () => {
    expect(contrast(color('ring'), color('background'))).toBeGreaterThanOrEqual(3);
    expect(contrast(color('ring'), color('card'))).toBeGreaterThanOrEqual(3);
  });
});
