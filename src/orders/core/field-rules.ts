// The rules of an order's typed fields, as data: the order form's validate-submission.ts checks a
// submit with them, the page hands the same table to form.js, which hides a field's message as
// soon as its value passes (after a refused submit), and the dashboard's edit of an order's
// buyer (edit-order.ts) holds the edit to them, so an edited order is one the form would have
// taken. They live in orders/, below form/, so both can use them. `passes` is the one way to
// apply a rule; form.js has its ES5 copy of these few lines.
//
// The phone is the exception on the server: libphonenumber-js (lib/phone.ts) decides there,
// and normalises the number. Its table entry is the Indonesian mobile pattern of
// libphonenumber's metadata (`8[1-35-9]` and 7 to 10 more digits) after any of the written
// prefixes, so the browser agrees without shipping the library; field-rules.test.ts checks
// that it never passes a number the server refuses. Rare forms the library also reads (an
// extension, letters) keep their message until the next submit, where the server judges.

export interface TextRule {
  /** Length bounds in characters (code points) of the trimmed value. */
  min: number;
  max: number;
  /** A regular expression the trimmed value must match, after removing `strip`'s characters. */
  pattern?: string;
  /** Characters removed (every match of this expression) before `pattern` is tested. */
  strip?: string;
}

const NAME = { min: 2, max: 100 };

export const TEXT_RULES = {
  quantity: { min: 1, max: 2, pattern: '^(?:0?[1-9]|[1-9][0-9])$' },
  name: NAME,
  phone: { min: 1, max: 40, strip: '[\\s.()/-]', pattern: '^(?:\\+?62|0062)?0?8[1-35-9][0-9]{7,10}$' },
  // Empty is allowed: the email is optional.
  email: { min: 0, max: 254, pattern: '^(?:[^\\s@<>"]{1,64}@[^\\s@<>"]+\\.[^\\s@<>"]{2,})?$' },
  address: { min: 5, max: 300 },
  village: NAME,
  district: NAME,
  city: NAME,
  postal_code: { min: 5, max: 5, pattern: '^[0-9]{5}$' },
} as const satisfies Record<string, TextRule>;

export type TextField = keyof typeof TEXT_RULES;

/**
 * The letters the order form's live check looks for in the phone as it is typed (form.js, plain
 * ES5: no \p{L}): the Latin ones a buyer's keyboard gives ("0812 3456 789O", an O for a zero).
 * The server refuses a letter of any script (lib/phone.ts hasLetters).
 */
export const PHONE_LETTER_PATTERN = '[A-Za-z\\u00C0-\\u024F]';

export function passes(rule: TextRule, raw: string): boolean {
  const value = raw.trim();
  const length = [...value].length;
  if (length < rule.min || length > rule.max) return false;
  if (rule.pattern === undefined) return true;
  const tested = rule.strip === undefined ? value : value.replace(new RegExp(rule.strip, 'g'), '');
  return new RegExp(rule.pattern).test(tested);
}
