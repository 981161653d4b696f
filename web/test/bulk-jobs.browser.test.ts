// A bulk move over 500 orders in chromium on the real server (issue 40 §5): the owner on a
// 360×740 phone chooses every order of a view of 1,024, moves it to Closing, and the bulk bar shows
// the job queued with its progress bar; the page closed and opened again still shows it; the
// `bulk` worker (started here, as `serve` runs it) moves the orders while the bar counts them, and
// the result is shown as a synchronous move's. axe (WCAG 2.2 AA) finds no serious violation on
// either state, every target is at least 44 px; screenshots at 360 px (LAPAK_WRITE_SCREENSHOTS=1).
import { sql } from 'kysely';
import type { APIRequestContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runWorker, type WorkerLoop } from '../../src/jobs/runner.js';
import { silentLog } from '../../src/jobs/worker.js';
import { bulkJobWorker } from '../../src/orders/workspace/bulk/run-bulk-job.js';
import { permissionsOf } from '../../src/team/roles.js';
import { seedOrder } from '../../test/helpers.js';
import { account, checkPage, PHONE, startDashboard, type Dashboard } from './dashboard-browser.js';

let d: Dashboard;
const owner = account({ storeName: 'Toko Seribu', name: 'Sari Wulandari' });
let tenantId: number;
let worker: WorkerLoop<unknown, string> | null = null;

async function post(request: APIRequestContext, url: string, data?: unknown) {
  const res = await request.post(url, data === undefined ? {} : { data });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Record<string, any>;
}

const COLUMNS = sql.raw(
  'tenant_id, product_id, product_name, variant, quantity, unit_price, total, shipping_fee, courier, payment_method, status, customer_name, customer_phone, customer_address, customer_village, customer_district, customer_city, customer_province, customer_postal_code, ad_params, created_at, updated_at',
);

beforeAll(async () => {
  d = await startDashboard();
  const context = await d.context(PHONE);
  const r = context.request;
  await post(r, '/dashboard/api/signup', { store_name: owner.storeName, name: owner.name, email: owner.email, password: owner.password });
  tenantId = ((await (await r.get('/dashboard/api/me')).json()) as { store: { id: number } }).store.id;
  const kaos = (await post(r, '/api/products.php', { name: 'Kaos Polos', price: 75000 })).id;
  await seedOrder(d.t.ctx, tenantId, { product_id: kaos });
  // 1,024 pending orders: the one copied, then the copies copied.
  for (let i = 0; i < 10; i++) await sql`insert into orders (${COLUMNS}) select ${COLUMNS} from orders where tenant_id = ${tenantId}`.execute(d.t.ctx.db);
  await context.close();
});

afterAll(async () => {
  await worker?.stop();
  await d?.close();
});

it('the owner on a phone moves a view of 1,024 orders: the job is queued, survives the page closing, counts up and ends with the result', { timeout: 180_000 }, async () => {
  const context = await d.context(PHONE);
  await post(context.request, '/dashboard/api/login', { email: owner.email, password: owner.password });
  let page = await context.newPage();
  await page.goto('/dashboard/orders?status=pending');
  await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
  await page.getByRole('button', { name: /^Pilih semua di tampilan ini/ }).click();
  const bar = page.getByRole('region', { name: 'Tindakan untuk pesanan yang dipilih' });
  await bar.getByRole('button', { name: 'Ubah status' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Status baru').selectOption({ label: 'Closing' });
  await dialog.getByRole('button', { name: 'Terapkan' }).click();
  await expect.poll(() => dialog.count()).toBe(0);

  // 202: the job, queued (no worker runs yet), with its progress bar.
  await expect.poll(() => bar.textContent()).toContain('Ubah status: 1.024 pesanan');
  expect(await bar.textContent()).toContain('Menunggu giliran diproses');
  expect(await bar.getByRole('progressbar', { name: 'Ubah status: 1.024 pesanan' }).count()).toBe(1);
  await checkPage(page, 'orders-bulk-job-queued', 'phone', { screen: true });

  // The page closed and opened again: the job is still there.
  await page.close();
  page = await context.newPage();
  await page.goto('/dashboard/orders');
  const again = page.getByRole('region', { name: 'Tindakan untuk pesanan yang dipilih' });
  await expect.poll(() => again.textContent()).toContain('Ubah status: 1.024 pesanan');

  // The worker, a little slowed down so that the bar is seen counting.
  const { db, dialect, writeTransaction, config } = d.t.ctx;
  worker = runWorker(
    bulkJobWorker({
      db,
      dialect,
      config,
      clock: d.t.clock,
      permissionsOf,
      log: silentLog,
      writeTransaction: async (work, options) => {
        await new Promise((resolve) => setTimeout(resolve, 4));
        return writeTransaction(work, options);
      },
    }),
  ) as WorkerLoop<unknown, string>;
  worker.start();
  const progress = again.getByRole('progressbar');
  await expect.poll(async () => Number((await progress.getAttribute('value').catch(() => null)) ?? 0), { timeout: 20_000, interval: 50 }).toBeGreaterThan(0);
  expect(await again.textContent()).toMatch(/[\d.]+ dari 1\.024 pesanan diproses/);

  await expect.poll(() => again.textContent(), { timeout: 60_000 }).toContain('Selesai.');
  expect(await again.textContent()).toContain('1024 diubah, 0 tidak berubah, 0 ditolak.');
  const left = await d.t.ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', tenantId).where('status', '=', 'pending').executeTakeFirstOrThrow();
  expect(Number(left.n)).toBe(0);
  // The list is read again once the job ends: the Closing tab counts them.
  await expect.poll(() => page.getByRole('navigation', { name: 'Status pesanan' }).getByRole('link', { name: /^Closing/ }).textContent(), { timeout: 10_000 }).toBe('Closing 1.024');
  await checkPage(page, 'orders-bulk-job-done', 'phone', { screen: true });

  await again.getByRole('button', { name: 'Tutup' }).click();
  await expect.poll(() => page.getByText('Ubah status: 1.024 pesanan').count()).toBe(0);
  await context.close();
});

it('reported no script error, no Content-Security-Policy violation, no console error and no undeclared failed request', () => {
  expect(d.problems).toEqual([]);
});
