// Proposes which open transfer orders a bank statement pays (docs/transfers.md). Nothing is
// written and the file is not kept: the answer is a proposal the seller ticks and confirms
// (confirm-transfers.ts). A credit matches when its amount equals the total of exactly one
// open (pending or closing) bank-transfer order of the store placed within `days` days
// before the credit's date; more than one such order, or one order that two credits of the
// statement would both pay, is ambiguous; none is unmatched. A line already applied by an
// earlier upload is reported as such and never matches again. One unreadable line: the
// errors, and no proposal at all.
import type { Db } from '../lib/db/db.js';
import { formatTimestamp } from '../lib/time.js';
import { lineKey } from './line-key.js';
import { parseStatement, type CreditLine, type LineError } from './parse-statement.js';
import type { Bank, ColumnMap } from './statement-formats.js';

const DAY_MS = 86_400_000;
const IN_CHUNK = 500;

export interface Credit {
  date: string;
  description: string;
  /** Rupiah; two decimals at most. */
  amount: number;
  balance: number | null;
}

export interface CandidateOrder {
  id: number;
  status: string;
  total: number;
  unique_code: number | null;
  customer_name: string;
  created_at: string;
}

export interface Proposal {
  bank: Bank;
  days: number;
  matches: Array<{ line: number; credit: Credit; order: CandidateOrder }>;
  ambiguous: Array<{ line: number; credit: Credit; orders: CandidateOrder[] }>;
  unmatched: Array<{ line: number; credit: Credit }>;
  already_applied: Array<{ line: number; credit: Credit; order_id: number }>;
  errors: LineError[];
}

export const creditOf = (c: CreditLine): Credit => ({
  date: c.date,
  description: c.description,
  amount: c.amountCents / 100,
  balance: c.balanceCents === null ? null : c.balanceCents / 100,
});

const shiftDate = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export async function matchStatement(
  db: Db,
  tenantId: number,
  input: { text: string; bank: Bank; columns: ColumnMap; days: number; timeZone: string },
): Promise<Proposal> {
  const { bank, days, timeZone } = input;
  const parsed = parseStatement(input.text, input.columns);
  const empty: Proposal = { bank, days, matches: [], ambiguous: [], unmatched: [], already_applied: [], errors: parsed.errors };
  if (parsed.errors.length > 0) return empty;

  const keyed = parsed.credits.map((credit) => ({ credit, key: lineKey({ bank, ...credit }) }));
  const applied = new Map<string, number>();
  const amounts = new Set<number>();
  for (let i = 0; i < keyed.length; i += IN_CHUNK) {
    const keys = keyed.slice(i, i + IN_CHUNK).map((k) => k.key);
    const rows = await db.selectFrom('transfer_applied_lines').select(['line_key', 'order_id']).where('tenant_id', '=', tenantId).where('line_key', 'in', keys).execute();
    for (const row of rows) applied.set(row.line_key, Number(row.order_id));
  }
  for (const { credit, key } of keyed) if (!applied.has(key) && credit.amountCents % 100 === 0) amounts.add(credit.amountCents / 100);

  const candidates = new Map<number, CandidateOrder[]>();
  const list = [...amounts];
  for (let i = 0; i < list.length; i += IN_CHUNK) {
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'status', 'total', 'unique_code', 'customer_name', 'created_at'])
      .where('tenant_id', '=', tenantId)
      .where('payment_method', '=', 'bank_transfer')
      .where('status', 'in', ['pending', 'closing'])
      // A spam order is never proposed (issue 43 §3): its amount is free for another order.
      .where('spam', '=', 0)
      .where('total', 'in', list.slice(i, i + IN_CHUNK))
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const order = { ...row, id: Number(row.id), total: Number(row.total), created_at: formatTimestamp(Number(row.created_at), timeZone) };
      candidates.set(order.total, [...(candidates.get(order.total) ?? []), order]);
    }
  }

  // Each credit's orders: same amount, placed on the credit's date or up to `days` before.
  const proposals = keyed.map(({ credit, key }) => {
    const from = shiftDate(credit.date, -days);
    const orders =
      credit.amountCents % 100 === 0
        ? (candidates.get(credit.amountCents / 100) ?? []).filter((o) => o.created_at.slice(0, 10) >= from && o.created_at.slice(0, 10) <= credit.date)
        : [];
    return { credit, key, orders };
  });
  // One order that two credits would pay is for the seller to decide, not the machine.
  const claims = new Map<number, number>();
  for (const p of proposals) if (!applied.has(p.key) && p.orders.length === 1) claims.set(p.orders[0]!.id, (claims.get(p.orders[0]!.id) ?? 0) + 1);

  for (const { credit, key, orders } of proposals) {
    const line = credit.line;
    const shown = creditOf(credit);
    const appliedTo = applied.get(key);
    if (appliedTo !== undefined) empty.already_applied.push({ line, credit: shown, order_id: appliedTo });
    else if (orders.length === 0) empty.unmatched.push({ line, credit: shown });
    else if (orders.length === 1 && claims.get(orders[0]!.id) === 1) empty.matches.push({ line, credit: shown, order: orders[0]! });
    else empty.ambiguous.push({ line, credit: shown, orders });
  }
  return empty;
}
