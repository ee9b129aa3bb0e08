// Draws the web app's PNG icons and favicon.ico from web/public/favicon.svg, in Debian's Chromium
// (playwright-core; nothing is downloaded), into web/public/. Run after changing the SVG:
//   node --import tsx scripts/make-icons.ts
// The PNGs are committed: the build and the service need no browser. favicon.ico holds the 16, 32
// and 48 px drawings as PNGs (the ICO container since Windows Vista; every browser reads it).

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const publicDir = path.join(root, 'web', 'public');
const svg = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
// A maskable icon fills its square, its picture inside the central safe circle (80 % wide).
const BACKGROUND = '#1b1b1b';

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const page = await browser.newPage({ deviceScaleFactor: 1 });
async function draw(file: string | null, size: number, maskable = false): Promise<Buffer> {
  await page.setViewportSize({ width: size, height: size });
  const inner = maskable ? Math.round(size * 0.72) : size;
  await page.setContent(
    `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${maskable ? BACKGROUND : 'transparent'}"><img src="${source}" width="${inner}" height="${inner}"></body>`,
  );
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  return page.screenshot({ ...(file ? { path: file } : {}), omitBackground: !maskable, clip: { x: 0, y: 0, width: size, height: size } });
}

/** An ICO file of PNG images: a 6-byte header, a 16-byte entry per image, then the images. */
function ico(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size % 256, entry); // width (0 means 256)
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}
await draw(path.join(publicDir, 'icons', 'icon-192.png'), 192);
await draw(path.join(publicDir, 'icons', 'icon-512.png'), 512);
await draw(path.join(publicDir, 'icons', 'maskable-512.png'), 512, true);
await draw(path.join(publicDir, 'icons', 'apple-touch-icon.png'), 180, true);
const small: { size: number; png: Buffer }[] = [];
for (const size of [16, 32, 48]) small.push({ size, png: await draw(null, size) });
await browser.close();
writeFileSync(path.join(publicDir, 'favicon.ico'), ico(small));
console.log('make-icons: web/public/icons/*.png and web/public/favicon.ico drawn from favicon.svg');
