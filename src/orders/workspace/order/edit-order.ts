// A member edits an order's buyer, courier or resi on its page (PATCH /dashboard/api/orders/{id},
// issue 32 §2). The buyer's fields keep the order form's rules (field-rules.ts; the phone a
// mobile number, stored normalised as the form stores it; the province one of the 38); the
// courier is named as the store's rates name couriers. An edit changes no price, fee or total:
// the courier's fee was the buyer's when they ordered. Each changed field is a history entry
// with its old and new values, with the change in the caller's transaction; values equal to the
// order's change nothing and write nothing.
import { normalizeResi } from '../../core/resi.js';
import type { Clock } from '../../../lib/clock.js';
import type { Tx } from '../../../lib/db/db.js';
import type { Updateable } from 'kysely';
import type { OrderTable } from '../../../lib/db/schema.js';
import { refuse, succeed, type Refusal } from '../../../lib/outcome.js';
import { normalizeIndonesianMobile } from '../../../lib/phone.js';
import { isProvince } from '../../../shipping/provinces.js';
import { passes, TEXT_RULES } from '../../core/field-rules.js';
import type { MemberActor } from '../../core/member-actor.js';
import { inScope, type OrderScope } from '../../core/order-scope.js';

export interface OrderEdit {
  customer?: {
    name?: string;
    phone?: string;
    email?: string | null;
    address?: string;
    village?: string;
    district?: string;
    city?: string;
    province?: string;
    postal_code?: string;
  };
  courier?: string;
  resi?: string | null;
}

/** The editable fields, named as SPEC's order record and closing_incomplete's missing_fields name them, with their columns. */
export const EDIT_COLUMNS = {
  'customer.name': 'customer_name',
  'customer.phone': 'customer_phone',
  'customer.email': 'customer_email',
  'customer.address': 'customer_address',
  'customer.village': 'customer_village',
  'customer.district': 'customer_district',
  'customer.city': 'customer_city',
  'customer.province': 'customer_province',
  'customer.postal_code': 'customer_postal_code',
  courier: 'courier',
  resi: 'resi',
} as const satisfies Record<string, keyof OrderTable>;

export type EditField = keyof typeof EDIT_COLUMNS;
type Column = (typeof EDIT_COLUMNS)[EditField];

export const MAX_COURIER = 40;
export const MAX_RESI = 60;

type Checked = { ok: true; value: string | null } | { ok: false };

/**
 * A resi as sent (the edit's, a status move's, the bulk move's, the import's): blank is none;
 * else one line of printable text up to MAX_RESI, its spaces taken out (normalizeResi).
 */
export function checkResi(raw: string | null | undefined): Checked {
  const value = normalizeResi(raw ?? '');
  if (value === '') return { ok: true, value: null };
  // One line of printable text: it is shown, copied and put into a tracking link.
  return [...value].length <= MAX_RESI && !/[\p{Cc}\p{Cf}]/u.test(value) ? { ok: true, value } : { ok: false };
}
const valid = (value: string | null): Checked => ({ ok: true, value });
const text = (rule: (typeof TEXT_RULES)[keyof typeof TEXT_RULES]) => (raw: string | null): Checked =>
  raw !== null && passes(rule, raw) ? valid(raw.trim()) : { ok: false };

const CHECKS: Record<EditField, (raw: string | null) => Checked> = {
  'customer.name': text(TEXT_RULES.name),
  'customer.phone': (raw) => {
    const phone = raw === null ? null : normalizeIndonesianMobile(raw);
    return phone ? valid(phone) : { ok: false };
  },
  'customer.email': (raw) => (raw === null || raw.trim() === '' ? valid(null) : text(TEXT_RULES.email)(raw)),
  'customer.address': text(TEXT_RULES.address),
  'customer.village': text(TEXT_RULES.village),
  'customer.district': text(TEXT_RULES.district),
  'customer.city': text(TEXT_RULES.city),
  'customer.province': (raw) => (raw !== null && isProvince(raw.trim()) ? valid(raw.trim()) : { ok: false }),
  'customer.postal_code': text(TEXT_RULES.postal_code),
  courier: (raw) => {
    const value = raw?.trim() ?? '';
    return value !== '' && [...value].length <= MAX_COURIER ? valid(value) : { ok: false };
  },
  resi: (raw) => checkResi(raw),
};

/** The fields the edit names, with what was sent for each. */
function sent(edit: OrderEdit): Array<[EditField, string | null]> {
  const pairs: Array<[EditField, unknown]> = [
    ...Object.entries(edit.customer ?? {}).map(([name, value]): [EditField, unknown] => [`customer.${name}` as EditField, value]),
    ['courier', edit.courier],
    ['resi', edit.resi],
  ];
  return pairs.filter(([field, value]) => value !== undefined && field in EDIT_COLUMNS).map(([field, value]) => [field, typeof value === 'string' ? value : null]);
}

export type EditCode = 'order_not_found' | 'invalid_fields';

/** invalid_fields names every field that broke its rule. */
export type EditRefusal = Refusal<EditCode> & { fields?: EditField[] };

export interface EditResult {
  /** The fields whose value changed, each now a history entry; empty when the edit changed nothing. */
  changed: EditField[];
}

export async function editOrder(
  tx: Tx,
  clock: Clock,
  tenantId: number,
  orderId: number,
  who: { scope: OrderScope; actor: MemberActor },
  edit: OrderEdit,
): Promise<{ ok: true; value: EditResult } | EditRefusal> {
  const order = await inScope(
    tx.selectFrom('orders').select(Object.values(EDIT_COLUMNS)).where('orders.tenant_id', '=', tenantId).where('orders.id', '=', orderId),
    who.scope,
  ).executeTakeFirst();
  if (!order) return refuse('order_not_found', `order ${orderId} not found`);

  const values = new Map<EditField, string | null>();
  const invalid: EditField[] = [];
  for (const [field, raw] of sent(edit)) {
    const checked = CHECKS[field](raw);
    if (checked.ok) values.set(field, checked.value);
    else invalid.push(field);
  }
  if (invalid.length > 0) return { ...refuse('invalid_fields', `invalid: ${invalid.join(', ')}`), fields: invalid };

  const changed = [...values].filter(([field, value]) => order[EDIT_COLUMNS[field]] !== value);
  if (changed.length === 0) return succeed({ changed: [] });
  const now = clock.now();
  const set: Partial<Record<Column, string | null>> = {};
  for (const [field, value] of changed) set[EDIT_COLUMNS[field]] = value;
  // CHECKS give null only for the nullable columns (the email and the resi).
  await tx.updateTable('orders').set({ ...(set as Updateable<OrderTable>), updated_at: now }).where('tenant_id', '=', tenantId).where('id', '=', orderId).execute();
  await tx
    .insertInto('order_history')
    .values(
      changed.map(([field, value]) => ({
        tenant_id: tenantId,
        order_id: orderId,
        source: who.actor.source,
        actor: who.actor.actor,
        actor_user_id: who.actor.actorUserId,
        field,
        old_value: order[EDIT_COLUMNS[field]],
        new_value: value,
        created_at: now,
      })),
    )
    .execute();
  return succeed({ changed: changed.map(([field]) => field) });
}
