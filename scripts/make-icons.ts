/**
 * Renders the app icons (192, 512, maskable 512) from public/favicon.svg with Chromium, so the
 * PNGs in public/icons are reproducible: `npx tsx scripts/make-icons.ts`.
 */
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { CHROMIUM_PATH, CHROMIUM_ARGS } from './lib/chromium';

const svg = readFileSync('public/favicon.svg', 'utf8');

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const shots: Array<{ file: string; size: number; maskable: boolean }> = [
    { file: 'public/icons/icon-192.png', size: 192, maskable: false },
    { file: 'public/icons/icon-512.png', size: 512, maskable: false },
    // Maskable: full-bleed background, the glyph inside the central 80% safe zone.
    { file: 'public/icons/icon-maskable-512.png', size: 512, maskable: true },
  ];
  for (const { file, size, maskable } of shots) {
    await page.setViewportSize({ width: size, height: size });
    const inner = maskable ? Math.round(size * 0.7) : size;
    await page.setContent(
      `<html><body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${maskable ? '#bf0d31' : 'transparent'}">
        <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div>
      </body></html>`,
    );
    await page.screenshot({ path: file, omitBackground: !maskable });
    console.log(`wrote ${file}`);
  }
  await browser.close();
}

await main();
