/**
 * /domain fits the screen at every width (#23): at 1280 px the page was 1,486 px wide and on a
 * phone BUY NOW and the .net price were off-screen. The page may never be wider than the viewport;
 * a screenshot at each width is kept (tests/e2e/screenshots/domain-page-{width}.png) to look at.
 */
import { describe, expect, it } from 'vitest';
import { visible } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

const e2e = useE2e('domain-page');

describe('/domain at every width from 320 to 1440 px', () => {
  it.each([320, 375, 768, 1280, 1440])('is no wider than a %i px viewport', async (width) => {
    await e2e.journey(
      `domain-page-${width}`,
      async ({ page }) => {
        await page.goto('/domain');
        await visible(page.getByRole('article', { name: 'Basic Domain' }));
        // A string, as this file is typed for Node (no DOM library).
        const widths = await page.evaluate<{ scroll: number; client: number }>(
          '({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })',
        );
        expect(widths.client).toBe(width);
        expect(widths.scroll, `/domain at ${width} px`).toBeLessThanOrEqual(width);
        const buy = page.getByRole('link', { name: /BUY NOW/ }).first();
        const box = await buy.boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(width);
      },
      { viewport: { width, height: 900 } },
    );
  });
});
