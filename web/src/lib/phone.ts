// A WhatsApp number as Indonesians write it: the stored and sent form is the normalised
// international one (6281234567001); the pages show the national one in groups of four
// (0812-3456-7001). The server reads either back.

/** 6281234567001 → 0812-3456-7001; a number that is not Indonesian is shown as stored. */
export function formatWhatsApp(stored: string): string {
  if (!/^62\d{8,13}$/.test(stored)) return stored;
  const national = `0${stored.slice(2)}`;
  // Mobile numbers (08…): 4-4-rest, as printed on cards and shop signs; a landline keeps its digits together.
  if (!national.startsWith('08')) return national;
  return [national.slice(0, 4), national.slice(4, 8), national.slice(8)].filter((part) => part !== '').join('-');
}

/** True when the text holds a letter of any script ("0812 3456 789O", an O for a zero): no phone number does (the server's hasLetters). */
export function hasLetters(text: string): boolean {
  return /\p{L}/u.test(text);
}
