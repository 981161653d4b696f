// npm run screenshots: the order form on a phone viewport, for the docs. Starts Lapak on a
// temporary SQLite database with the demo store, drives Debian's chromium through the form
// and writes PNGs to docs/screenshots/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { buildApp } from '../src/app.js';
import { ManualClock } from '../src/lib/clock.js';
import { loadConfig } from '../src/lib/config.js';
import { openDatabase } from '../src/lib/db/db.js';
import { migrateToLatest } from '../src/lib/db/migrate.js';
import { createDemo } from '../src/demo/create-demo.js';
import { launchChromium, PHONE } from '../test/browser.js';
import { BUYER } from '../test/form-helpers.js';

const OUT = path.resolve('docs/screenshots');

async function fill(page: Page) {
  const { province, ...typed } = BUYER;
  for (const [field, value] of Object.entries(typed)) await page.fill(`#f-${field}`, value);
  await page.selectOption('#f-province', province);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lapak-shots-'));
  const database = openDatabase(`sqlite:${path.join(dir, 'shots.db')}`);
  await migrateToLatest(database);
  const { app, ctx } = buildApp({ config: loadConfig({ DATABASE_URL: 'sqlite::memory:' }), database, logger: false });
  const demo = await database.db.transaction().execute((tx) => createDemo(tx, new ManualClock(), ctx.sealer, ctx.config.timeZone));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const url = (slug: string) => `${base}/form/${demo.tenant_id}/${slug}`;
  const [, hijab, kaos] = demo.products;
  const browser = await launchChromium();
  fs.mkdirSync(OUT, { recursive: true });
  const shots: string[] = [];
  const shoot = async (page: Page, name: string) => {
    await page.screenshot({ path: path.join(OUT, name), fullPage: true });
    shots.push(name);
  };
  try {
    const page = await browser.newPage(PHONE);
    await page.goto(url(kaos!.slug));
    await shoot(page, 'form-empty.png');
    await page.click('label.lf-chip:has-text("Putih")');
    await page.click('label.lf-chip:has-text("XL")');
    await page.fill('#f-quantity', '2');
    await fill(page);
    await shoot(page, 'form-filled.png');

    await page.goto(url(hijab!.slug));
    await shoot(page, 'form-small-variants.png');

    await page.goto(url(kaos!.slug));
    await page.fill('#f-name', 'S');
    await page.fill('#f-phone', '12345');
    await Promise.all([page.waitForNavigation(), page.click('.lf-submit')]);
    await shoot(page, 'form-errors.png');

    await page.goto(url(kaos!.slug));
    await fill(page);
    await Promise.all([page.waitForNavigation(), page.click('.lf-submit')]);
    await shoot(page, 'thank-you.png');
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`wrote ${shots.map((s) => `docs/screenshots/${s}`).join(', ')}`);
}

await main();
