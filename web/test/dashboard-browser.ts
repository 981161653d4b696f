// The harness of the dashboard's browser tests: the real server (built web app included) on a
// port, Debian's chromium, and the steps a person takes that several tests share.
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, PHONE } from '../../test/browser.js';
import { freePort } from '../../test/server-ready.js';
import { startTestApp, type TestApp } from '../../test/helpers.js';

export const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;
export { PHONE };

export interface Dashboard {
  t: TestApp & { drop(): Promise<void> };
  base: string;
  browser: Browser;
  /** Every Content-Security-Policy violation and script error any page reported. */
  problems: string[];
  context(device?: typeof PHONE | typeof DESKTOP): Promise<BrowserContext>;
  close(): Promise<void>;
}

export async function startDashboard(env: Record<string, string> = {}): Promise<Dashboard> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await startTestApp({ env: { PUBLIC_URL: base, TZ: 'Asia/Jakarta', ...env } });
  await t.app.listen({ host: '127.0.0.1', port });
  const browser = await launchChromium();
  const problems: string[] = [];
  const contexts: BrowserContext[] = [];
  return {
    t,
    base,
    browser,
    problems,
    async context(device = PHONE) {
      const context = await browser.newContext({ ...device, baseURL: base });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
      context.on('page', (page) => watch(page, problems));
      contexts.push(context);
      return context;
    },
    async close() {
      await browser.close();
      await t.drop();
    },
  };
}

function watch(page: Page, problems: string[]): void {
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(`csp: ${message.text()}`);
  });
}

export async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  return page;
}

export interface Account {
  storeName: string;
  name: string;
  email: string;
  password: string;
}

let accounts = 0;
export function account(overrides: Partial<Account> = {}): Account {
  accounts += 1;
  return { storeName: `Toko Uji ${accounts}`, name: `Sari ${accounts}`, email: `sari${accounts}-${Date.now()}@contoh.test`, password: 'kata-sandi-rahasia-1', ...overrides };
}

/** Sign-up as a person does it: from the login page the browser is sent to, to the home page. */
export async function signUp(page: Page, who: Account): Promise<void> {
  await page.goto('/dashboard/');
  await page.waitForURL(/\/dashboard\/login/);
  await page.getByRole('link', { name: 'Daftar gratis' }).click();
  await page.getByLabel('Nama toko').fill(who.storeName);
  await page.getByLabel('Nama Anda').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Kata sandi').fill(who.password);
  await page.getByRole('button', { name: 'Buat toko' }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Selamat datang, ${who.name}`);
}

export async function logIn(page: Page, who: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Kata sandi').fill(who.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
}

/** Opens a section from the menu the member sees (the phone's tab row or the desktop's column). */
export async function openSection(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Menu utama' }).filter({ visible: true }).getByRole('link', { name: label }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(label);
}

/** The store the page shows, as the server knows it. */
export async function currentStoreId(page: Page): Promise<number> {
  return page.evaluate(async () => ((await (await fetch('/dashboard/api/me')).json()) as { store: { id: number } }).store.id);
}
