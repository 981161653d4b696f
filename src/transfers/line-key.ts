// The identity of a statement credit: store, bank, date, amount, description and balance. It
// is kept as a SHA-256 (transfer_applied_lines.line_key, unique per store), so the same line
// in a second upload or in the next week's overlapping export is known as already applied,
// and the payer's name in the description is never stored.
import { createHash } from 'node:crypto';

export interface CreditIdentity {
  bank: string;
  date: string;
  description: string;
  amountCents: number;
  balanceCents: number | null;
}

export const lineKey = (c: CreditIdentity): string =>
  createHash('sha256').update(JSON.stringify([c.bank, c.date, c.amountCents, c.description, c.balanceCents])).digest('hex');
