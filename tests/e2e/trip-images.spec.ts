import { expect, test, type Page } from '@playwright/test';
import { useStoredTheme } from '../helpers/theme';

// The content pictures on the landing page and a trip page: alt text, width and height that hold the
// picture's shape before it loads (no layout shift), AVIF and WebP srcsets, the one hero fetched first and
// every other picture lazily, and each one really loading.

const PAGES = ['/', '/tours/tasmania-paranormal-getaway'];

type ImageFacts = {
  alt: string | null;
  width: number;
  height: number;
  box: { width: number; height: number };
  natural: { width: number; height: number };
  loading: string | null;
  decoding: string | null;
  fetchPriority: string | null;
  sources: { type: string | null; srcset: string | null; sizes: string | null }[];
  currentSrc: string;
};

function imageFacts(page: Page): Promise<ImageFacts[]> {
  return page.locator('main img').evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => {
      const box = image.getBoundingClientRect();
      const picture = image.parentElement?.tagName === 'PICTURE' ? image.parentElement : null;
      return {
        alt: image.getAttribute('alt'),
        width: Number(image.getAttribute('width')),
        height: Number(image.getAttribute('height')),
        box: { width: box.width, height: box.height },
        natural: { width: image.naturalWidth, height: image.naturalHeight },
        loading: image.getAttribute('loading'),
        decoding: image.getAttribute('decoding'),
        fetchPriority: image.getAttribute('fetchpriority'),
        sources: [...(picture?.querySelectorAll('source') ?? [])].map((source) => ({
          type: source.getAttribute('type'),
          srcset: source.getAttribute('srcset'),
          sizes: source.getAttribute('sizes'),
        })),
        currentSrc: image.currentSrc,
      };
    }),
  );
}

/** Scrolls every picture into view in turn and waits until each has loaded. */
async function loadEveryImage(page: Page): Promise<void> {
  const images = page.locator('main img');
  for (let index = 0; index < (await images.count()); index += 1) {
    const image = images.nth(index);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBeGreaterThan(0);
  }
}

const ratio = ({ width, height }: { width: number; height: number }) => width / height;

for (const path of PAGES) {
  test.describe(`pictures on ${path}`, () => {
    // A phone, where every picture (the landing hero too) sits in the flow of the page.
    test.use({ viewport: { width: 390, height: 844 } });

    test('have alt text, width and height of their shape, and AVIF and WebP srcsets', async ({ page }) => {
      await page.goto(path);
      const before = await imageFacts(page);
      expect(before.length).toBeGreaterThanOrEqual(path === '/' ? 4 : 3);
      for (const image of before) {
        expect(image.alt?.trim(), 'alt text').toBeTruthy();
        expect(image.width, 'width attribute').toBeGreaterThan(0);
        expect(image.height, 'height attribute').toBeGreaterThan(0);
        expect(image.sources.map(({ type }) => type)).toEqual(['image/avif', 'image/webp']);
        for (const source of image.sources) {
          expect(source.srcset?.split(', ').length, 'srcset candidates').toBeGreaterThan(1);
          expect(source.srcset).toMatch(/^(\S+ \d+w)(, \S+ \d+w)*$/);
          expect(source.sizes).toBeTruthy();
        }
        // Before anything loaded, the box already has the picture's shape: nothing moves when it arrives.
        expect(ratio(image.box)).toBeCloseTo(ratio(image), 1);
      }

      await loadEveryImage(page);
      for (const image of await imageFacts(page)) {
        expect(image.natural.width, image.alt ?? '').toBeGreaterThan(0);
        expect(ratio(image.natural)).toBeCloseTo(ratio(image), 2);
        expect(ratio(image.box)).toBeCloseTo(ratio(image), 1);
        // Chromium takes AVIF, so that is what it got.
        expect(image.currentSrc).toMatch(/\.avif$/);
      }
    });

    test('fetch the hero first and every other picture lazily', async ({ page }) => {
      await page.goto(path);
      const [hero, ...others] = await imageFacts(page);
      expect(hero).toMatchObject({ loading: 'eager', fetchPriority: 'high' });
      expect(hero!.box.height).toBeGreaterThan(100);
      expect(hero!.box.width).toBeGreaterThan(300);
      expect(others.length).toBeGreaterThan(0);
      for (const image of others) {
        expect(image).toMatchObject({ loading: 'lazy', decoding: 'async', fetchPriority: null });
      }
    });
  });
}

test.describe('the landing hero on a wide screen', () => {
  for (const theme of ['dark', 'light'] as const) {
    test(`lies behind white text under a dark veil in the ${theme} theme`, async ({ page, context }) => {
      await useStoredTheme(context, theme);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/');
      const hero = page.locator('section[aria-labelledby="hero-title"]');
      const heroBox = (await hero.boundingBox())!;
      const pictureBox = (await hero.locator('img').boundingBox())!;
      // The picture fills the section, behind the heading.
      expect(pictureBox.width).toBeCloseTo(heroBox.width, 0);
      expect(pictureBox.height).toBeCloseTo(heroBox.height, 0);
      // A 60 % black veil leaves any picture at most 40 % as bright: white text on it keeps at least 5.7:1
      // whatever the picture shows, 90 % white at least 5:1 (WCAG AA asks 4.5:1).
      const styles = await hero.evaluate((section) => {
        // Any CSS colour (Tailwind writes oklab) as [r, g, b, alpha], 0 to 255, through a canvas.
        const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
        const rgba = (color: string) => {
          context.clearRect(0, 0, 1, 1);
          context.fillStyle = color;
          context.fillRect(0, 0, 1, 1);
          return [...context.getImageData(0, 0, 1, 1).data];
        };
        const color = (selector: string) => rgba(getComputedStyle(section.querySelector(selector)!).color);
        return {
          veil: rgba(getComputedStyle(section.querySelector('[aria-hidden="true"]')!).backgroundColor),
          heading: color('h1'),
          text: color('p'),
          link: color('a'),
        };
      });
      expect(styles.veil.slice(0, 3)).toEqual([0, 0, 0]);
      expect(styles.veil[3]).toBeGreaterThanOrEqual(Math.floor(0.6 * 255));
      expect(styles.heading).toEqual([255, 255, 255, 255]);
      expect(styles.link).toEqual([255, 255, 255, 255]);
      expect(styles.text.slice(0, 3)).toEqual([255, 255, 255]);
      expect(styles.text[3]).toBeGreaterThanOrEqual(Math.floor(0.9 * 255));
    });
  }
});
