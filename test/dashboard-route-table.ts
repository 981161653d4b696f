// The dashboard's one route table (docs/dashboard.md, "The route table"): a row for every
// operation of openapi/dashboard.json, saying who may call it, how to call it, and what it
// answers. src/dashboard/route-table.api.test.ts walks every row for every caller (no session, an
// expired session, each role, another store's owner, another store in X-Lapak-Store, the
// cross-site and media refusals of a write) on SQLite and PostgreSQL; src/dashboard/route-table.test.ts
// fails when an operation has no row. A new route adds one row here, nothing else.
//
// The table lives under test/, not src/: it builds its data through every feature's routes, and a
// src/ module importing them would put dashboard/ in a circle with them (src/architecture.test.ts).
import sharp from 'sharp';
import type { Role } from '../src/lib/db/schema.js';
import type { DashboardErrorCode } from '../src/lib/http/messages.js';
import type { Permission } from '../src/lib/permissions.js';
import { replaceRates } from '../src/shipping/set-rates.js';
import { formatTimestamp } from '../src/lib/time.js';
import { memberActor } from '../src/orders/core/member-actor.js';
import { startBulkJob } from '../src/orders/workspace/bulk/bulk-jobs.js';
import { asMember, seedMember, type Member } from './dashboard-helpers.js';
import { seedOrder, seedStore, startTestApp, type TestApp } from './helpers.js';

/**
 * Who may call, as the route declares it (`access` in src/dashboard/route.ts): 'public' looks at no
 * session (sign-up, login, invitation preview, reset link); 'optional' uses a valid session when
 * there is one (logout, accepting an invitation); 'member' needs a session of any role; a
 * permission needs a member whose role holds it (the role table, src/team/roles.ts).
 */
export type Access = 'public' | 'optional' | 'member' | Permission;

/** One request against store A's data. */
export interface Call {
  /** The values of the operation's `{name}` path parameters. */
  params?: Record<string, number | string>;
  /** The query string, without `?`. */
  query?: string;
  json?: unknown;
  /** A body that is not JSON (an image's bytes, a bank statement), with its media type. */
  raw?: { type: string; payload: Buffer | string };
}

export interface Row {
  /** `METHOD /path` exactly as openapi/dashboard.json names the operation. */
  operation: string;
  access: Access;
  /**
   * A valid request; whatever it acts on is made anew in store A for each call. `caller` is who
   * will send it, when the test knows (the role checks): a CS sees only their own orders, so an
   * order row makes the order theirs.
   */
  call(scene: Scene, caller?: Caller | null): Promise<Call>;
  /** The status of an allowed caller (of anyone, on a public route). */
  allowed: number;
  /**
   * The status another store's owner gets sending the same request (store A's ids) with their own
   * session: 404 for an id of store A in the path; 422 (`invalid_request`) for one in the body that
   * the route must find in the caller's store (the product of an order entered by hand); the allowed
   * status where the route acts on the caller's own store (a list, a create) or, on public and
   * optional routes, on what the request names.
   */
  otherStore: number;
  /** SPEC's products path answers in its product family `{error}`; every other route in the dashboard's. */
  family?: 'product';
  /** The 415 code of a write whose body is of another media type than its own (default `unsupported_media_type`). */
  mediaRefusal?: DashboardErrorCode;
  /** The 404 code for another store's id (default `not_found`). */
  notFound?: DashboardErrorCode;
  /**
   * The route answers a stream of server-sent events that does not end by itself (the live
   * orders list): the walker reads its status, headers and first bytes and leaves. Its refusals
   * are the family's JSON, checked as every route's.
   */
  stream?: true;
}

/** Store A's data carries this mark (its name, members, keys, endpoints, products): none of it may reach another store. */
export const MARK_A = /rahasia[ -]a/i;
/** Store B's, for public routes: they show nothing of the store of a session they do not look at. */
export const MARK_B = /rahasia[ -]b/i;
/** Every member of the table's stores has this password. */
export const PASSWORD = 'sandi-tabel-rute-1';
const NEW_PASSWORD = 'sandi-tabel-rute-baru';

export interface Caller extends Member {
  email: string;
}

/** The running app with stores A and B, callers, and what a row's request acts on, made anew each time. */
export interface Scene {
  t: TestApp & { drop(): Promise<void> };
  storeA: number;
  storeB: number;
  /** A new member of store A, with PASSWORD and a session there. */
  member(role: Role, options?: { integrations?: boolean }): Promise<Caller>;
  /** A new owner of store B, with PASSWORD and a session there. */
  outsider(): Promise<Caller>;
  product(): Promise<number>;
  /** A product of store A with two images, in their order. */
  productWithImages(): Promise<{ productId: number; imageIds: [number, number] }>;
  key(): Promise<number>;
  endpoint(options?: { disabled?: boolean }): Promise<number>;
  /** A settled delivery (so that it may be sent again). */
  delivery(): Promise<number>;
  /** An open invitation of store A. */
  invitation(): Promise<{ id: number; token: string }>;
  /** A reset link's token for a new member of store A. */
  resetToken(): Promise<string>;
  /** A transfer order of store A. */
  order(): Promise<{ id: number; total: number }>;
  /** An order of store A, assigned to `caller` when they are a member of store A (so that a CS sees it). */
  orderFor(caller: Caller | null | undefined): Promise<number>;
  /** A queued bulk job of store A, started by `caller` when they are a member of store A (so that a CS sees it), else by its owner. */
  jobFor(caller: Caller | null | undefined): Promise<number>;
  /** A new number, for names and amounts that must not repeat. */
  serial(): number;
}

const inAYear = (s: Scene) => new Date(s.t.clock.now() + 365 * 86_400_000).toISOString();

/** The table: one row per operation, grouped as docs/dashboard.md lists them. */
export const ROUTE_TABLE: Row[] = [
  // Accounts
  { operation: 'POST /dashboard/api/signup', access: 'public', allowed: 201, otherStore: 201, call: async (s) => ({ json: { store_name: `Toko Baru ${s.serial()}`, name: 'Pendaftar', email: `daftar${s.serial()}@example.test`, password: PASSWORD } }) },
  { operation: 'POST /dashboard/api/login', access: 'public', allowed: 200, otherStore: 200, call: async (s) => ({ json: { email: (await s.member('cs')).email, password: PASSWORD } }) },
  { operation: 'POST /dashboard/api/logout', access: 'optional', allowed: 204, otherStore: 204, call: async () => ({}) },
  { operation: 'GET /dashboard/api/me', access: 'member', allowed: 200, otherStore: 200, call: async () => ({}) },
  { operation: 'POST /dashboard/api/stores', access: 'member', allowed: 201, otherStore: 201, call: async (s) => ({ json: { name: `Toko Baru ${s.serial()}` } }) },
  { operation: 'POST /dashboard/api/stores/{id}/select', access: 'member', allowed: 200, otherStore: 404, call: async (s) => ({ params: { id: s.storeA } }) },
  { operation: 'PATCH /dashboard/api/me', access: 'member', allowed: 200, otherStore: 200, call: async () => ({ json: { whatsapp_number: '0812-3456-7890' } }) },
  { operation: 'POST /dashboard/api/me/password', access: 'member', allowed: 204, otherStore: 204, call: async () => ({ json: { current_password: PASSWORD, new_password: NEW_PASSWORD } }) },

  // Home
  { operation: 'GET /dashboard/api/home', access: 'member', allowed: 200, otherStore: 200, call: async () => ({}) },
  // Another store's owner records the copy in their own store.
  { operation: 'POST /dashboard/api/home/snippet-copied', access: 'products:manage', allowed: 204, otherStore: 204, call: async () => ({}) },

  // Team
  { operation: 'GET /dashboard/api/team', access: 'team:manage', allowed: 200, otherStore: 200, call: async () => ({}) },
  { operation: 'POST /dashboard/api/team/invitations', access: 'team:manage', allowed: 201, otherStore: 201, call: async () => ({ json: { role: 'cs', integrations: false } }) },
  { operation: 'GET /dashboard/api/team/invitations', access: 'team:manage', allowed: 200, otherStore: 200, call: async () => ({}) },
  { operation: 'DELETE /dashboard/api/team/invitations/{id}', access: 'team:manage', allowed: 204, otherStore: 404, call: async (s) => ({ params: { id: (await s.invitation()).id } }) },
  { operation: 'POST /dashboard/api/invitations/preview', access: 'public', allowed: 200, otherStore: 200, call: async (s) => ({ json: { token: (await s.invitation()).token } }) },
  // With a valid session the token alone joins the session's user (another store's owner joins store A); without one, a new user.
  {
    operation: 'POST /dashboard/api/invitations/accept',
    access: 'optional',
    allowed: 200,
    otherStore: 200,
    call: async (s) => ({ json: { token: (await s.invitation()).token, name: 'Anggota Baru', email: `undangan${s.serial()}@example.test`, password: PASSWORD } }),
  },
  { operation: 'PATCH /dashboard/api/team/{user_id}', access: 'team:manage', allowed: 204, otherStore: 404, call: async (s) => ({ params: { user_id: (await s.member('cs')).userId }, json: { role: 'admin', integrations: false } }) },
  { operation: 'DELETE /dashboard/api/team/{user_id}', access: 'team:manage', allowed: 204, otherStore: 404, call: async (s) => ({ params: { user_id: (await s.member('cs')).userId } }) },
  { operation: 'POST /dashboard/api/team/{user_id}/password-reset', access: 'team:manage', allowed: 201, otherStore: 404, call: async (s) => ({ params: { user_id: (await s.member('cs')).userId } }) },

  // Messaging automation (issue 41): the store's own, for the owner and admins (another store's owner reads and saves their own).
  { operation: 'GET /dashboard/api/messaging', access: 'settings:manage', allowed: 200, otherStore: 200, call: async () => ({}) },
  { operation: 'PATCH /dashboard/api/messaging', access: 'settings:manage', allowed: 200, otherStore: 200, call: async () => ({ json: { paused: false } }) },
  { operation: 'POST /dashboard/api/messaging/test', access: 'settings:manage', allowed: 200, otherStore: 200, call: async () => ({}) },
  { operation: 'POST /dashboard/api/messaging/fonnte-secret', access: 'settings:manage', allowed: 200, otherStore: 200, call: async () => ({}) },
  { operation: 'GET /dashboard/api/messaging/outbox', access: 'settings:manage', allowed: 200, otherStore: 200, call: async () => ({}) },
  { operation: 'GET /dashboard/api/messaging/opt-outs.csv', access: 'settings:manage', allowed: 200, otherStore: 200, call: async () => ({}) },
  // The CS rotation: its settings for the owner and admins (another store's owner reads and saves their own); each member's own duty.
  { operation: 'GET /dashboard/api/rotation', access: 'orders:all', allowed: 200, otherStore: 200, call: async () => ({}) },
  { operation: 'PUT /dashboard/api/rotation', access: 'orders:all', allowed: 200, otherStore: 200, call: async () => ({ json: { mode: 'round_robin', sticky: true, members: [] } }) },
  // The caller is put in their store's rotation first (a member outside it gets 409 not_in_rotation); another store's
  // owner, whom the call does not name, with every member of store B.
  {
    operation: 'PUT /dashboard/api/me/duty',
    access: 'member',
    allowed: 200,
    otherStore: 200,
    call: async (s, caller) => {
      const who = caller
        ? [{ tenant_id: caller.tenantId, user_id: caller.userId }]
        : await s.t.ctx.db.selectFrom('memberships').select(['tenant_id', 'user_id']).where('tenant_id', '=', s.storeB).execute();
      await s.t.ctx.db
        .insertInto('rotation_members')
        .values(who.map((m) => ({ tenant_id: Number(m.tenant_id), user_id: Number(m.user_id), weight: 1, on_duty: 1, current: 0 })))
        .onConflict((oc) => oc.columns(['tenant_id', 'user_id']).doNothing())
        .execute();
      return { json: { on_duty: false } };
    },
  },
  { operation: 'POST /dashboard/api/password-reset', access: 'public', allowed: 204, otherStore: 204, call: async (s) => ({ json: { token: await s.resetToken(), password: NEW_PASSWORD } }) },

  // API keys
  { operation: 'GET /dashboard/api/keys', access: 'integrations:manage', allowed: 200, otherStore: 200, call: async () => ({}) },
  { operation: 'POST /dashboard/api/keys', access: 'integrations:manage', allowed: 201, otherStore: 201, call: async (s) => ({ json: { name: `rahasia-a-baru-${s.serial()}`, purpose: 'order_status', expires_at: inAYear(s) } }) },
  { operation: 'POST /dashboard/api/keys/{id}/revoke', access: 'integrations:manage', allowed: 200, otherStore: 404, call: async (s) => ({ params: { id: await s.key() } }) },

  // Webhooks
  { operation: 'GET /dashboard/api/webhooks', access: 'integrations:manage', allowed: 200, otherStore: 200, call: async () => ({}) },
  { operation: 'POST /dashboard/api/webhooks', access: 'integrations:manage', allowed: 201, otherStore: 201, call: async (s) => ({ json: { url: `http://127.0.0.1:9/rahasia-a/baru-${s.serial()}`, description: 'CRM Rahasia A' } }) },
  { operation: 'DELETE /dashboard/api/webhooks/{id}', access: 'integrations:manage', allowed: 204, otherStore: 404, call: async (s) => ({ params: { id: await s.endpoint() } }) },
  { operation: 'POST /dashboard/api/webhooks/{id}/enable', access: 'integrations:manage', allowed: 200, otherStore: 404, call: async (s) => ({ params: { id: await s.endpoint({ disabled: true }) } }) },
  { operation: 'POST /dashboard/api/webhooks/{id}/disable', access: 'integrations:manage', allowed: 200, otherStore: 404, call: async (s) => ({ params: { id: await s.endpoint() } }) },
  { operation: 'GET /dashboard/api/webhooks/{id}/deliveries', access: 'integrations:manage', allowed: 200, otherStore: 404, call: async (s) => ({ params: { id: await s.endpoint() } }) },
  { operation: 'GET /dashboard/api/webhooks/deliveries/{id}', access: 'integrations:manage', allowed: 200, otherStore: 404, call: async (s) => ({ params: { id: await s.delivery() } }) },
  { operation: 'POST /dashboard/api/webhooks/deliveries/{id}/redeliver', access: 'integrations:manage', allowed: 202, otherStore: 404, call: async (s) => ({ params: { id: await s.delivery() } }) },
  { operation: 'POST /dashboard/api/webhooks/{id}/rotate-secret', access: 'integrations:manage', allowed: 201, otherStore: 404, call: async (s) => ({ params: { id: await s.endpoint() } }) },
  { operation: 'POST /dashboard/api/webhooks/{id}/test', access: 'integrations:manage', allowed: 202, otherStore: 404, call: async (s) => ({ params: { id: await s.endpoint() } }) },

  // Transfers: another store's owner reads the statement against their own orders, and store A's order ids are skipped as not found.
  {
    operation: 'POST /dashboard/api/transfers/statements',
    access: 'transfers:manage',
    allowed: 200,
    otherStore: 200,
    mediaRefusal: 'csv_required',
    call: async () => ({ query: 'bank=generic&date=Tgl&description=Uraian&credit=Masuk', raw: { type: 'text/csv', payload: 'Tgl;Uraian;Masuk\n' } }),
  },
  {
    operation: 'POST /dashboard/api/transfers/confirm',
    access: 'transfers:manage',
    allowed: 200,
    otherStore: 200,
    call: async (s) => {
      const order = await s.order();
      const date = new Date(s.t.clock.now()).toISOString().slice(0, 10);
      return { json: { bank: 'bca', items: [{ order_id: order.id, status: 'pending', credit: { date, description: 'TRSF RAHASIA A', amount: order.total, balance: null } }] } };
    },
  },

  // Settings: another store's owner reads and changes their own store's.
  { operation: 'GET /dashboard/api/settings', access: 'settings:manage', allowed: 200, otherStore: 200, call: async () => ({}) },
  { operation: 'PATCH /dashboard/api/settings', access: 'settings:manage', allowed: 200, otherStore: 200, call: async (s) => ({ json: { shipping_rates: [{ courier: 'JNE', province: '*', fee: s.serial() }] } }) },
  { operation: 'PATCH /dashboard/api/settings/sensitive', access: 'settings:sensitive', allowed: 200, otherStore: 200, call: async (s) => ({ json: { password: PASSWORD, bank_accounts: [{ bank: 'BCA', number: `1000${s.serial()}`, holder: 'Pemilik' }] } }) },
  { operation: 'GET /dashboard/api/settings/audit', access: 'settings:sensitive', allowed: 200, otherStore: 200, call: async () => ({}) },
  { operation: 'GET /dashboard/api/templates', access: 'settings:manage', allowed: 200, otherStore: 200, call: async () => ({}) },
  { operation: 'PUT /dashboard/api/templates/{step}', access: 'settings:manage', allowed: 200, otherStore: 200, call: async () => ({ params: { step: 'fu1' }, json: { bank_transfer: 'Halo {nama} 🙏\nTransfer {total}', cod: null, gateway: '' } }) },
  { operation: 'POST /dashboard/api/templates/preview', access: 'settings:manage', allowed: 200, otherStore: 200, call: async () => ({ json: { kind: 'opening', template: 'Halo {nama} dari {toko}' } }) },

  // Products, on SPEC's dashboard path of /api/products.php (docs/products.md)
  { operation: 'GET /api/products.php', access: 'products:read', family: 'product', allowed: 200, otherStore: 404, call: async (s) => ({ query: `id=${await s.product()}` }) },
  { operation: 'POST /api/products.php', access: 'products:manage', family: 'product', allowed: 201, otherStore: 201, call: async (s) => ({ json: { name: `Produk Baru ${s.serial()}`, price: 15000 } }) },
  { operation: 'PATCH /api/products.php', access: 'products:manage', family: 'product', allowed: 200, otherStore: 404, call: async (s) => ({ query: `id=${await s.product()}`, json: { price: 20000 } }) },
  { operation: 'DELETE /api/products.php', access: 'products:manage', family: 'product', allowed: 204, otherStore: 404, call: async (s) => ({ query: `id=${await s.product()}` }) },
  { operation: 'GET /dashboard/api/products/choices', access: 'products:read', allowed: 200, otherStore: 200, call: async () => ({}) },

  // Product images
  { operation: 'GET /dashboard/api/products/{id}/images', access: 'products:read', allowed: 200, otherStore: 404, call: async (s) => ({ params: { id: (await s.productWithImages()).productId } }) },
  {
    operation: 'POST /dashboard/api/products/{id}/images',
    access: 'products:manage',
    allowed: 201,
    otherStore: 404,
    mediaRefusal: 'image_type_unsupported',
    call: async (s) => ({ params: { id: await s.product() }, raw: { type: 'image/jpeg', payload: await smallJpeg() } }),
  },
  {
    operation: 'PATCH /dashboard/api/products/{id}/images',
    access: 'products:manage',
    allowed: 200,
    otherStore: 404,
    call: async (s) => {
      const { productId, imageIds } = await s.productWithImages();
      return { params: { id: productId }, json: { order: [...imageIds].reverse() } };
    },
  },
  {
    operation: 'DELETE /dashboard/api/products/{id}/images/{imageId}',
    access: 'products:manage',
    allowed: 204,
    otherStore: 404,
    call: async (s) => {
      const { productId, imageIds } = await s.productWithImages();
      return { params: { id: productId, imageId: imageIds[0] } };
    },
  },

  // The orders list and its counts: every member, each of their own store (a CS: their own orders).
  { operation: 'GET /dashboard/api/orders', access: 'member', allowed: 200, otherStore: 200, call: async (s, caller) => (await s.orderFor(caller), { query: 'limit=200' }) },
  { operation: 'GET /dashboard/api/orders/counts', access: 'member', allowed: 200, otherStore: 200, call: async (s, caller) => (await s.orderFor(caller), {}) },
  // The live list: every member, each hearing their own store (a CS: their own orders).
  { operation: 'GET /dashboard/api/orders/stream', access: 'member', allowed: 200, otherStore: 200, stream: true, call: async () => ({}) },
  // One order (a CS's own order: assigned to the caller; another store's order is order_not_found)
  { operation: 'GET /dashboard/api/orders/{id}', access: 'member', allowed: 200, otherStore: 404, notFound: 'order_not_found', call: async (s, caller) => ({ params: { id: await s.orderFor(caller) } }) },
  { operation: 'POST /dashboard/api/orders/{id}/status', access: 'member', allowed: 200, otherStore: 404, notFound: 'order_not_found', call: async (s, caller) => ({ params: { id: await s.orderFor(caller) }, json: { status: 'closing', expected_status: 'pending' } }) },
  { operation: 'PATCH /dashboard/api/orders/{id}', access: 'member', allowed: 200, otherStore: 404, notFound: 'order_not_found', call: async (s, caller) => ({ params: { id: await s.orderFor(caller) }, json: { courier: `JNE YES ${s.serial()}`, customer: { city: 'Kota Rahasia A' } } }) },
  { operation: 'POST /dashboard/api/orders/{id}/notes', access: 'member', allowed: 201, otherStore: 404, notFound: 'order_not_found', call: async (s, caller) => ({ params: { id: await s.orderFor(caller) }, json: { text: 'Catatan rahasia A' } }) },
  { operation: 'GET /dashboard/api/orders/{id}/follow-ups', access: 'member', allowed: 200, otherStore: 404, notFound: 'order_not_found', call: async (s, caller) => ({ params: { id: await s.orderFor(caller) } }) },
  { operation: 'POST /dashboard/api/orders/{id}/follow-ups', access: 'member', allowed: 201, otherStore: 404, notFound: 'order_not_found', call: async (s, caller) => ({ params: { id: await s.orderFor(caller) }, json: { step: 'fu1' } }) },
  { operation: 'GET /dashboard/api/orders/{id}/messages', access: 'member', allowed: 200, otherStore: 404, notFound: 'order_not_found', call: async (s, caller) => ({ params: { id: await s.orderFor(caller) } }) },
  { operation: 'GET /dashboard/api/orders/{id}/conversation', access: 'member', allowed: 200, otherStore: 404, notFound: 'order_not_found', call: async (s, caller) => ({ params: { id: await s.orderFor(caller) } }) },
  {
    operation: 'POST /dashboard/api/orders/{id}/conversation',
    access: 'member',
    allowed: 201,
    otherStore: 404,
    notFound: 'order_not_found',
    // Store A sends through the sandbox, so that an answer goes.
    call: async (s, caller) => {
      await s.t.ctx.db
        .insertInto('messaging_settings')
        .values({ tenant_id: s.storeA, provider: 'sandbox', updated_at: 0 })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ provider: 'sandbox' }))
        .execute();
      return { params: { id: await s.orderFor(caller) }, json: { text: 'Halo Kak, pesanan sudah kami terima.' } };
    },
  },
  { operation: 'POST /dashboard/api/orders/{id}/conversation/handled', access: 'member', allowed: 204, otherStore: 404, notFound: 'order_not_found', call: async (s, caller) => ({ params: { id: await s.orderFor(caller) } }) },
  // Whom to assign to: another store's owner reads their own store's members.
  { operation: 'GET /dashboard/api/orders/assignees', access: 'orders:all', allowed: 200, otherStore: 200, call: async () => ({}) },
  // Another store's owner: store A's ids are refused one by one in their own store (unassigning needs no member of it).
  {
    operation: 'POST /dashboard/api/orders/assign',
    access: 'orders:all',
    allowed: 200,
    otherStore: 200,
    call: async (s) => {
      const cs = await s.member('cs');
      return { json: { ids: [await s.orderFor(cs)], cs: null } };
    },
  },
  // The orders in spreadsheets: the export and the import, every member within their scope (another store's owner: their own
  // store, store A's order refused as not found in the import's answer); the exports' audit, the owner's.
  { operation: 'GET /dashboard/api/orders/export.csv', access: 'member', allowed: 200, otherStore: 200, call: async (s, caller) => (await s.orderFor(caller), { query: 'status=pending' }) },
  { operation: 'GET /dashboard/api/orders/exports', access: 'settings:sensitive', allowed: 200, otherStore: 200, call: async () => ({}) },
  {
    operation: 'POST /dashboard/api/orders/import',
    access: 'member',
    allowed: 200,
    otherStore: 200,
    mediaRefusal: 'orders_csv_required',
    call: async (s, caller) => ({ raw: { type: 'text/csv', payload: `order;resi;status\n${await s.orderFor(caller)};;closing\n` } }),
  },
  // Orders in bulk: another store's owner gets store A's ids refused one by one in their own store.
  { operation: 'POST /dashboard/api/orders/bulk-status', access: 'member', allowed: 200, otherStore: 200, call: async (s, caller) => ({ json: { ids: [await s.orderFor(caller)], status: 'closing', expected_status: 'pending' } }) },
  // Risky orders (issue 43): a flag's dismissal and the spam mark, any member on the orders they see; the blocked phones and
  // the burst thresholds, owners' and admins'.
  {
    operation: 'POST /dashboard/api/orders/{id}/flags/{flag}/dismiss',
    access: 'member',
    allowed: 200,
    otherStore: 404,
    notFound: 'order_not_found',
    call: async (s, caller) => {
      const id = await s.orderFor(caller);
      await s.t.ctx.db.updateTable('orders').set({ flags: 'duplicate' }).where('id', '=', id).execute();
      await s.t.ctx.db
        .insertInto('order_flags')
        .values({ tenant_id: s.storeA, order_id: id, flag: 'duplicate', reason: 'Pesanan ganda', related_order_id: null, created_at: s.t.clock.now(), dismissed_at: null, dismissed_by: null })
        .onConflict((oc) => oc.columns(['tenant_id', 'order_id', 'flag']).doNothing())
        .execute();
      return { params: { id, flag: 'duplicate' } };
    },
  },
  { operation: 'POST /dashboard/api/orders/{id}/spam', access: 'member', allowed: 200, otherStore: 404, notFound: 'order_not_found', call: async (s, caller) => ({ params: { id: await s.orderFor(caller) }, json: { spam: true, reason: 'iseng' } }) },
  { operation: 'POST /dashboard/api/orders/bulk-spam', access: 'member', allowed: 200, otherStore: 200, call: async (s, caller) => ({ json: { ids: [await s.orderFor(caller)], spam: true } }) },
  { operation: 'GET /dashboard/api/orders/print', access: 'member', allowed: 200, otherStore: 404, notFound: 'order_not_found', call: async (s, caller) => ({ query: `kind=labels&ids=${await s.orderFor(caller)}` }) },
  { operation: 'POST /dashboard/api/orders/printed', access: 'member', allowed: 200, otherStore: 404, notFound: 'order_not_found', call: async (s, caller) => ({ json: { kind: 'labels', ids: [await s.orderFor(caller)] } }) },
  // Insights (issue 45): a member reads the figures of the orders they see, in their own store.
  ...['/dashboard/api/insights', '/dashboard/api/insights.csv', '/dashboard/api/insights/follow-up', '/dashboard/api/insights/follow-up.csv'].map(
    (path): Row => ({ operation: `GET ${path}`, access: 'member', allowed: 200, otherStore: 200, call: async (s, caller) => (await s.orderFor(caller), { query: 'from=2026-01-01&to=2026-12-31' }) }),
  ),
  // The buyer's own order page (issue 44 §2): a new link, any member on the orders they see.
  { operation: 'POST /dashboard/api/orders/{id}/buyer-link', access: 'member', allowed: 200, otherStore: 404, notFound: 'order_not_found', call: async (s, caller) => ({ params: { id: await s.orderFor(caller) } }) },
  { operation: 'GET /dashboard/api/blocked-phones', access: 'settings:manage', allowed: 200, otherStore: 200, call: async () => ({}) },
  { operation: 'POST /dashboard/api/blocked-phones', access: 'settings:manage', allowed: 201, otherStore: 201, call: async (s) => ({ json: { phone: `0812${String(10_000_000 + s.serial()).slice(-8)}`, note: 'penipu' } }) },
  {
    operation: 'DELETE /dashboard/api/blocked-phones/{phone}',
    access: 'settings:manage',
    allowed: 204,
    otherStore: 404,
    notFound: 'blocked_phone_not_found',
    call: async (s) => {
      const phone = `62812${String(10_000_000 + s.serial()).slice(-8)}`;
      await s.t.ctx.db.insertInto('blocked_phones').values({ tenant_id: s.storeA, phone, note: '', created_by: null, created_at: s.t.clock.now() }).execute();
      return { params: { phone } };
    },
  },
  { operation: 'GET /dashboard/api/risk-settings', access: 'settings:manage', allowed: 200, otherStore: 200, call: async () => ({}) },
  { operation: 'PUT /dashboard/api/risk-settings', access: 'settings:manage', allowed: 200, otherStore: 200, call: async () => ({ json: { burst_phone_limit: 3, burst_ip_limit: 10 } }) },
  // Auto-cancel (issue 44 §3): on in both stores since the epoch's first millisecond, so that each has no older pending order and the count 0 is true in either.
  { operation: 'GET /dashboard/api/auto-cancel', access: 'settings:manage', allowed: 200, otherStore: 200, call: async () => ({}) },
  {
    operation: 'POST /dashboard/api/auto-cancel/include-older',
    access: 'settings:manage',
    allowed: 200,
    otherStore: 200,
    call: async (s) => {
      await s.t.ctx.db.updateTable('tenants').set({ auto_cancel_days: 3, auto_cancel_on_at: 1, auto_cancel_from: 1 }).where('id', 'in', [s.storeA, s.storeB]).execute();
      return { json: { older_pending: 0, cutoff: formatTimestamp(1, s.t.ctx.config.timeZone) } };
    },
  },
  // Bulk jobs (over 500 orders): the member who started it, owners and admins; another store's owner: 404 job_not_found.
  { operation: 'GET /dashboard/api/jobs', access: 'member', allowed: 200, otherStore: 200, call: async (s, caller) => (await s.jobFor(caller), {}) },
  { operation: 'GET /dashboard/api/jobs/{id}', access: 'member', allowed: 200, otherStore: 404, notFound: 'job_not_found', call: async (s, caller) => ({ params: { id: await s.jobFor(caller) } }) },
  { operation: 'POST /dashboard/api/jobs/{id}/cancel', access: 'member', allowed: 200, otherStore: 404, notFound: 'job_not_found', call: async (s, caller) => ({ params: { id: await s.jobFor(caller) } }) },
  // An order entered by hand: another store's owner names store A's product, not one of their store (422 with fields.product_id).
  {
    operation: 'POST /dashboard/api/orders',
    access: 'member',
    allowed: 201,
    otherStore: 422,
    call: async (s) => ({
      json: {
        product_id: await s.product(),
        quantity: 2,
        courier: 'JNE',
        payment_method: 'bank_transfer',
        customer: { name: 'Pembeli Rahasia A', phone: '0812-3456-7890', address: 'Jl. Rahasia A No. 1', village: 'Desa', district: 'Kecamatan', city: 'Kota', province: 'Jawa Barat', postal_code: '40123' },
      },
    }),
  },
];

let jpeg: Promise<Buffer> | null = null;
const smallJpeg = () => (jpeg ??= sharp({ create: { width: 64, height: 48, channels: 3, background: '#0f766e' } }).jpeg().toBuffer());

/** The app on a fresh database with stores A and B; the data rows act on is made through the routes, as the web app makes it. */
export async function createScene(): Promise<Scene> {
  // Webhook endpoints on 127.0.0.1, which are never called: the test app runs no dispatcher.
  const t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  const storeA = (await seedStore(t.ctx, {}, { name: 'Toko Rahasia A' })).tenantId;
  const storeB = (await seedStore(t.ctx, {}, { name: 'Toko Rahasia B' })).tenantId;
  // One hash for every member: a refusal is about the role, never the password.
  const passwordHash = await t.ctx.passwordHasher.hash(PASSWORD);
  let counter = 0;
  const serial = () => ++counter;

  async function seed(tenantId: number, mark: string, role: Role, integrations = false): Promise<Caller> {
    const n = serial();
    const email = `anggota${n}@${mark}.test`;
    const member = await seedMember(t.ctx, tenantId, role, { integrations, email, name: `Anggota ${mark} ${n}` });
    await t.ctx.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', member.userId).execute();
    return { ...member, email };
  }
  const fixtureOwner = await seed(storeA, 'rahasia-a', 'owner');

  /** A request of store A's owner that must succeed; its JSON answer. */
  async function make(method: 'POST', url: string, body?: unknown, type = 'application/json'): Promise<Record<string, unknown>> {
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body);
    const res = await t.request({ method, url, headers: asMember(fixtureOwner, payload === undefined ? {} : { 'content-type': type }), ...(payload === undefined ? {} : { payload }) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown>;
  }
  const tokenIn = (link: unknown) => new URL(String(link)).searchParams.get('token')!;

  const scene: Scene = {
    t,
    storeA,
    storeB,
    serial,
    member: (role, options = {}) => seed(storeA, 'rahasia-a', role, options.integrations),
    outsider: () => seed(storeB, 'rahasia-b', 'owner'),
    product: async () => Number((await make('POST', '/api/products.php', { name: `Produk Rahasia A ${serial()}`, price: 10000 })).id),
    productWithImages: async () => {
      const productId = await scene.product();
      const add = async () => Number((await make('POST', `/dashboard/api/products/${productId}/images`, await smallJpeg(), 'image/jpeg')).id);
      return { productId, imageIds: [await add(), await add()] };
    },
    key: async () => Number((await make('POST', '/dashboard/api/keys', { name: `rahasia-a-${serial()}`, purpose: 'order_status', expires_at: inAYear(scene) })).id),
    endpoint: async ({ disabled = false } = {}) => {
      const id = Number((await make('POST', '/dashboard/api/webhooks', { url: `http://127.0.0.1:9/rahasia-a/${serial()}`, description: 'Rahasia A' })).id);
      if (disabled) await make('POST', `/dashboard/api/webhooks/${id}/disable`);
      return id;
    },
    delivery: async () => {
      const sent = await make('POST', `/dashboard/api/webhooks/${await scene.endpoint()}/test`);
      const id = Number(sent.delivery_id);
      // Settled, so that redelivery is allowed (no dispatcher runs to settle it).
      await t.ctx.db.updateTable('webhook_deliveries').set({ status: 'failed' }).where('id', '=', id).execute();
      return id;
    },
    invitation: async () => {
      const made = await make('POST', '/dashboard/api/team/invitations', { role: 'cs', integrations: false });
      return { id: Number(made.id), token: tokenIn(made.invite_url) };
    },
    resetToken: async () => {
      const member = await scene.member('cs');
      return tokenIn((await make('POST', `/dashboard/api/team/${member.userId}/password-reset`)).reset_url);
    },
    order: async () => {
      const order = await seedOrder(t.ctx, storeA, { product_id: await scene.product(), payment_method: 'bank_transfer' });
      return { id: order.id, total: order.total };
    },
    orderFor: async (caller) => {
      const { id } = await scene.order();
      if (caller?.tenantId === storeA) await t.ctx.db.updateTable('orders').set({ assigned_user_id: caller.userId }).where('tenant_id', '=', storeA).where('id', '=', id).execute();
      return id;
    },
    jobFor: async (caller) => {
      const by = caller?.tenantId === storeA ? caller.userId : fixtureOwner.userId;
      const actor = await memberActor(t.ctx.db, by);
      return (await startBulkJob(t.ctx.db, t.clock, storeA, by, { kind: 'bulk_status', move: { status: 'closing' }, actor }, [await scene.orderFor(caller)])).id;
    },
  };
  // Store A holds something of every kind from the start, so that a list leaking it to another
  // store would show it (its members, products and images, keys, endpoints and their deliveries,
  // invitations, orders).
  await scene.productWithImages();
  await scene.key();
  await scene.delivery();
  await scene.invitation();
  await scene.order();
  await scene.jobFor(null);
  // A courier with a rate everywhere, so that an order entered by hand finds its shipping fee.
  await t.ctx.db.transaction().execute((tx) => replaceRates(tx, storeA, [{ courier: 'JNE', province: '*', fee: 10000 }]));
  return scene;
}
