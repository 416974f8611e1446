/**
 * Takes the manifest's screenshots (public/screenshots) of a running portal:
 * `npm start` in one terminal, then `node --import tsx scripts/make-screenshots.ts [url]`.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';

const base = process.argv[2] ?? 'http://localhost:8080';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const { file, width, height } of [
  { file: 'public/screenshots/phone.png', width: 390, height: 844 },
  { file: 'public/screenshots/wide.png', width: 1280, height: 800 },
]) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(base);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.screenshot({ path: file });
  console.log(`wrote ${file}`);
  await page.close();
}
await browser.close();
