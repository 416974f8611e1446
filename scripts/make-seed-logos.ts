/**
 * Renders the demo customers' logos (src/server/seed/logos/*.png) with Chromium, so the PNGs the
 * seed stores are reproducible: `npx tsx scripts/make-seed-logos.ts`. Logos are PNG, JPEG or WebP
 * only (src/shared/logo.ts), so the demo data keeps to that rule too.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';

const SIZE = 128;
const LOGOS = [
  { file: 'src/server/seed/logos/acme.png', initials: 'AP', colour: '#1f6f43' },
  { file: 'src/server/seed/logos/globex.png', initials: 'GF', colour: '#2b4a8b' },
];

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
  for (const { file, initials, colour } of LOGOS) {
    await page.setContent(
      `<html><body style="margin:0">
        <div style="width:${SIZE}px;height:${SIZE}px;border-radius:24px;background:${colour};color:#fff;display:grid;place-items:center;font:700 48px sans-serif">${initials}</div>
      </body></html>`,
    );
    await page.screenshot({ path: file, omitBackground: true });
    console.log(`wrote ${file}`);
  }
  await browser.close();
}

await main();
