// The orders list's one search box, `q` (issue 32 §1): what a seller or a CS types while a buyer
// waits on the phone, read into the exact paths it can take. Results are the union of the paths
// that apply:
// - all digits, or `#` and digits (`#12`, as the pages and the buyer's messages write it): that order number;
// - a phone in any written form (0812-..., +62 812 ..., 62812...), normalised as the customer
//   lookup does (lib/phone.ts): that buyer's orders. All digits that normalise to an Indonesian
//   number are a phone too: 081234567890 is both an order number (none) and a phone;
// - digits alone or with spaces, dashes and dots between (`3456-7890`), 4 to 13 of them, that are
//   not a whole phone: the end of a buyer's phone (the last digits a CS reads out), through an
//   index of the phones' last four digits;
// - anything: a resi, exactly, whatever its case, its spaces taken out as it is stored (resi.ts);
// - three characters or more, unless a number or a phone: a part of the buyer's name, whatever
//   its case (trigram indexes need three; a name holds neither a number nor a phone).
// Fewer than three characters that are neither a number nor a phone: refused, query_too_short
// (a name path that short could only scan the store).
import { normalizeResi } from '../../core/resi.js';
import { normalizeIndonesianPhone } from '../../../lib/phone.js';
import { refuse, succeed, type Outcome } from '../../../lib/outcome.js';

export interface OrderSearch {
  orderId: number | null;
  /** International digits, as orders store them (628...). */
  phone: string | null;
  /** The last digits of a buyer's phone (4 to 13), when `q` is digits that are not a whole phone. */
  phoneTail: string | null;
  /** As typed without its spaces (as stored); compared through the database's lower() on both sides. */
  resi: string | null;
  /** As typed (trimmed), at least MIN_NAME_LENGTH characters. */
  name: string | null;
}

export const MIN_NAME_LENGTH = 3;
/** Longer than any resi or name the form takes; a longer `q` is refused by the route's schema. */
export const MAX_QUERY_LENGTH = 200;
const MAX_RESI_LENGTH = 100;
/** A phone's last digits: four at least (the index holds four), thirteen at most (a whole number is a phone). */
export const MIN_PHONE_TAIL = 4;
const MAX_PHONE_TAIL = 13;
const ORDER_NUMBER = /^#\s*(\d+)$/;
const DIGIT_GROUPS = /^\d+(?:[\s.-]+\d+)*$/;

export type SearchCode = 'query_too_short';

/** The search `q` asks for; null when it asks for none (absent, empty or blank). */
export function parseOrderSearch(q: string | undefined): Outcome<OrderSearch | null, SearchCode> {
  const text = (q ?? '').trim();
  if (text === '') return succeed(null);
  const numbered = ORDER_NUMBER.exec(text);
  const number = numbered ? numbered[1]! : text;
  const digits = /^\d+$/.test(number);
  const orderId = digits && Number.isSafeInteger(Number(number)) && Number(number) > 0 ? Number(number) : null;
  if (numbered) return succeed({ orderId, phone: null, phoneTail: null, resi: null, name: null });
  const phone = normalizeIndonesianPhone(text);
  const tail = DIGIT_GROUPS.test(text) ? text.replace(/\D/g, '') : '';
  const phoneTail = phone === null && tail.length >= MIN_PHONE_TAIL && tail.length <= MAX_PHONE_TAIL ? tail : null;
  const length = [...text].length;
  if (!digits && phone === null && phoneTail === null && length < MIN_NAME_LENGTH) {
    return refuse('query_too_short', `a search for a name needs at least ${MIN_NAME_LENGTH} characters`);
  }
  return succeed({
    orderId,
    phone,
    phoneTail,
    resi: length <= MAX_RESI_LENGTH ? normalizeResi(text) : null,
    name: length >= MIN_NAME_LENGTH && !digits && phone === null && phoneTail === null ? text : null,
  });
}
