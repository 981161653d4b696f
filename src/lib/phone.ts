import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

const MAX_INPUT_LENGTH = 40;

// What a written number may hold: digits, spaces, dots, dashes, slashes and brackets, and a '+'
// only in front (or after an opening bracket: "(+62) 812..."). libphonenumber-js reads more (it drops what it cannot use, takes "ext" for an
// extension and letters as a keypad's digits), so "0812 3456 789O", a letter O for a zero, came
// out as the valid, shorter 0812-3456-789: a different buyer. Such text is refused here, once,
// for every path that takes a phone (issue 40 §1).
const WRITTEN_NUMBER = /^\(?\+?[0-9\s.()\/-]*$/;

/** True when the text holds a letter of any script: a phone number never does (say so apart). */
export function hasLetters(input: string): boolean {
  return /\p{L}/u.test(input);
}

/**
 * Normalises an Indonesian phone number written in any common form (08..., 628..., +62 8...,
 * 0062 8..., with spaces, dots, dashes or brackets) to its international digits without '+',
 * e.g. 6281234567890. Returns null when it is not a valid Indonesian number, or when the text
 * holds anything else (a letter, an extension).
 *
 * Orders store the result and the customer lookup searches by it, so both sides of the
 * comparison always go through this one function.
 */
export function normalizeIndonesianPhone(input: string): string | null {
  return parseIndonesian(input)?.number.slice(1) ?? null;
}

/**
 * The same for a mobile number only (the order form: the store reaches the buyer on
 * WhatsApp). Landlines (021-..., 022-...) give null.
 */
export function normalizeIndonesianMobile(input: string): string | null {
  const parsed = parseIndonesian(input);
  return parsed?.getType() === 'MOBILE' ? parsed.number.slice(1) : null;
}

function parseIndonesian(input: string) {
  const trimmed = input.trim();
  if (trimmed === '' || trimmed.length > MAX_INPUT_LENGTH || !WRITTEN_NUMBER.test(trimmed)) return null;
  const parsed = parsePhoneNumberFromString(withCountryCode(trimmed), 'ID');
  return parsed && parsed.country === 'ID' && parsed.isValid() ? parsed : null;
}

// Digits written as 62... or 0062... carry the country code. Parsed as a national number
// they could pass as a landline in a 062x area (62812345678 -> +62 628 1234 5678), so
// they are read only as international.
function withCountryCode(trimmed: string): string {
  const digits = trimmed.replace(/[^\d+]/g, '');
  if (/^62\d+$/.test(digits)) return `+${digits}`;
  if (/^0062\d+$/.test(digits)) return `+${digits.slice(2)}`;
  return trimmed;
}

/**
 * A stored number (6281234567890) as Indonesians write it: national, a mobile in groups of four
 * (0812-3456-7890), a landline's digits together (0227654321); text that is not a stored
 * Indonesian number comes back as it is. The web app's formatWhatsApp writes the same.
 */
export function formatIndonesianPhone(stored: string): string {
  if (!/^62\d{8,13}$/.test(stored)) return stored;
  const national = `0${stored.slice(2)}`;
  if (!national.startsWith('08')) return national;
  return [national.slice(0, 4), national.slice(4, 8), national.slice(8)].filter((part) => part !== '').join('-');
}
