// The harness of the dashboard's browser tests: the real server (built web app included) on a
// port, Debian's chromium, and the steps a person takes that several tests share. Every page it
// opens is watched: a script error, a Content-Security-Policy violation, any console error and
// any request that fails (an answer of 400 or more, or no answer) is a problem, unless the test
// declared that failure first (expectFailure); the 401 of /me before a login is declared here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect } from 'vitest';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, PHONE } from '../../test/browser.js';
import { freePort } from '../../test/server-ready.js';
import { startTestApp, type TestApp } from '../../test/helpers.js';

export const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;

/** The axe rule sets every page passes: WCAG 2.2 A and AA (wcag22aa adds target-size, 24×24 px). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export { PHONE };

/** A request a test makes fail on purpose: its method, its path (without the query), its status, and how many times it may fail. */
export interface ExpectedFailure {
  method: string;
  path: string | RegExp;
  status: number;
  times: number;
}

export interface Dashboard {
  t: TestApp & { drop(): Promise<void> };
  base: string;
  browser: Browser;
  /** Every script error, CSP violation, console error and undeclared failed request any page reported. */
  problems: string[];
  /** Declares a failure the test causes on purpose (a wrong password, a taken name), before it happens; each declaration covers `times` of them. */
  expectFailure(method: string, path: string | RegExp, status: number, times?: number): void;
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
  // Every page before a login asks /me, and the answer is 401: the page decides what to show.
  const expected: ExpectedFailure[] = [{ method: 'GET', path: '/dashboard/api/me', status: 401, times: Number.POSITIVE_INFINITY }];
  return {
    t,
    base,
    browser,
    problems,
    expectFailure(method, path, status, times = 1) {
      expected.push({ method, path, status, times });
    },
    async context(device = PHONE) {
      const context = await browser.newContext({ ...device, baseURL: base });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
      context.on('page', (page) => watch(page, problems, expected));
      contexts.push(context);
      return context;
    },
    async close() {
      await browser.close();
      await t.drop();
    },
  };
}

const matches = (failure: ExpectedFailure, method: string | null, url: string, status: number | null): boolean => {
  const path = new URL(url).pathname;
  return (
    (method === null || failure.method === method) &&
    (status === null || failure.status === status) &&
    (typeof failure.path === 'string' ? failure.path === path : failure.path.test(path))
  );
};

function watch(page: Page, problems: string[], expected: ExpectedFailure[]): void {
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(`csp: ${message.text()}`);
    else if (message.type() === 'error') {
      // The browser writes every failed request into the console too: a declared one is no problem (its status is in the text).
      const declared = /^Failed to load resource/.test(message.text()) && expected.some((failure) => matches(failure, null, message.location().url, Number(/status of (\d+)/.exec(message.text())?.[1]) || null));
      if (!declared) problems.push(`console error: ${message.text()} (${message.location().url})`);
    }
  });
  page.on('response', (response) => {
    if (response.status() < 400) return;
    const { method, url } = { method: response.request().method(), url: response.url() };
    const declared = expected.find((failure) => failure.times > 0 && matches(failure, method, url, response.status()));
    if (declared) declared.times -= 1;
    else problems.push(`failed request: ${method} ${new URL(url).pathname} → ${response.status()}`);
  });
  // A request cut off by a navigation (net::ERR_ABORTED) is the page moving on, not a failure.
  page.on('requestfailed', (request) => {
    if (!/ERR_ABORTED/.test(request.failure()?.errorText ?? '')) problems.push(`request without an answer: ${request.method()} ${request.url()} (${request.failure()?.errorText})`);
  });
}

/** A JSON POST through a context's request (a set-up step, not what the page does); a refusal throws. */
export async function postJson(request: APIRequestContext, url: string, data?: unknown): Promise<Record<string, any>> {
  const res = await request.post(url, data === undefined ? {} : { data });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Record<string, any>;
}

/** A fresh phone-sized context logged in as `who` (through the API), and a page of it. */
export async function loggedInPhone(d: Dashboard, who: Pick<Account, 'email' | 'password'>): Promise<{ context: BrowserContext; page: Page }> {
  const context = await d.context(PHONE);
  await postJson(context.request, '/dashboard/api/login', { email: who.email, password: who.password });
  return { context, page: await context.newPage() };
}

/** Counts the requests of `method` to `path` the page sends. */
export function requestsTo(page: Page, method: string, path: string | RegExp): () => number {
  let n = 0;
  page.on('request', (request) => {
    const at = new URL(request.url()).pathname;
    if (request.method() === method && (typeof path === 'string' ? at === path : path.test(at))) n += 1;
  });
  return () => n;
}

export async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  return page;
}

/**
 * Our own rule on a phone, above WCAG 2.2's 24 px: every visible button, link, input, select and
 * summary, and every checkbox or radio together with its label (the whole row toggles it), is
 * at least 44×44 px. The exceptions, and why:
 * - a link inside a sentence (display: inline, in a block with more text), whose height the line
 *   of text sets (WCAG 2.5.8's own inline exception);
 * - nothing else.
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 44 - 0.5;
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('button, a[href], input:not([type=hidden]), select, textarea, summary, [role=menuitem]')) {
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      if (element.tagName === 'A' && getComputedStyle(element).display === 'inline') {
        const block = element.parentElement?.closest('p, li, dd, td');
        if (block && (block.textContent ?? '').trim().length > (element.textContent ?? '').trim().length) continue;
      }
      const toggle = element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');
      const box = ((toggle && element.closest('label')) || element).getBoundingClientRect();
      if (box.width < MIN || box.height < MIN) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40) || (element as HTMLInputElement).labels?.[0]?.textContent || element.outerHTML.slice(0, 60);
        small.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  });
}

/**
 * Controls that do not show their whole value on a phone: a select whose chosen option's text
 * is wider than the room beside its arrow; a read-only field (a key, a link, a snippet) that
 * scrolls sideways, or scrolls at all without a description saying what it holds.
 */
export function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const canvas = document.createElement('canvas').getContext('2d')!;
    const ARROW = 24; // the room Chromium draws a select's arrow in, inside its padding box
    for (const select of document.querySelectorAll('select')) {
      if (!select.checkVisibility()) continue;
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0]?.textContent ?? '';
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - ARROW;
      if (canvas.measureText(text).width > room) cut.push(`select "${text}": ${Math.round(canvas.measureText(text).width)} px of text in ${Math.round(room)} px`);
    }
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[readonly], textarea[readonly]')) {
      if (!field.checkVisibility()) continue;
      const label = field.labels?.[0]?.textContent ?? field.name;
      if (field.scrollWidth > field.clientWidth + 1) cut.push(`"${label}" scrolls sideways`);
      if (field.scrollHeight > field.clientHeight + 1 && !field.getAttribute('aria-describedby')) cut.push(`"${label}" scrolls without saying what it holds`);
    }
    return cut;
  });
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

/** Where the page checks write their screenshots: docs/screenshots with LAPAK_WRITE_SCREENSHOTS=1, else a scratch folder. */
const SHOTS = process.env.LAPAK_WRITE_SCREENSHOTS === '1' ? path.resolve('docs/screenshots') : fs.mkdtempSync(path.join(os.tmpdir(), 'lapak-dashboard-shots-'));

/** Where a screenshot `dashboard-<name>-<device>.png` goes (a part of a page, or the screen after checkPage). */
export const screenshotPath = (name: string, device: 'phone' | 'desktop'): string => path.join(SHOTS, `dashboard-${name}-${device}.png`);

/**
 * A page checked as a person sees it: loaded (no "Memuat" left), from the top as it opens (a
 * check of a box scrolls the page, and the sticky header would then cover the menu: axe's
 * target-size counts what covers a target), axe with WCAG 2.2 AA finding nothing serious, and on
 * a phone nothing wider than 360 px, no target under 44 px and no control cut off; then its
 * screenshot `dashboard-<name>-<device>.png`: the whole page, or with `screen` the screen as the
 * person sees it (a sticky bar in place).
 */
export async function checkPage(page: Page, name: string, device: 'phone' | 'desktop', { screen = false } = {}): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Memuat' }).count()).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(results.passes.length).toBeGreaterThan(0);
  const grave = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(grave.map((violation) => `${name}/${device}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  if (device === 'phone') {
    // Nothing wider than the phone: no sideways scrolling of the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await smallTargets(page), `${name}: targets under 44×44 px`).toEqual([]);
    expect(await cutOff(page), `${name}: controls that hide part of their value`).toEqual([]);
  }
  await page.screenshot({ path: screenshotPath(name, device), fullPage: !screen });
}
