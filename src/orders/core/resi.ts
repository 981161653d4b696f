// A resi as the seller types or pastes it (issue 40 §3): couriers print it in groups
// (`JP 1234 5678 90`) and spreadsheets pad it, but the courier's tracking page knows it only
// without spaces. Every path that takes a resi (the order's edit, a status move, the bulk move,
// the import, `lapak order create`) stores it through here; the list's search reads what is
// typed the same way, and the tracking link of an older resi stored with spaces drops them too.
// Line breaks are not spaces here: two resi in one cell stay refused (checkResi).

/** Spaces and tabs anywhere in the resi (U+0020, the no-break and other Unicode spaces) taken out. */
export const normalizeResi = (raw: string): string => raw.replace(/[\p{Zs}\t]+/gu, '');
