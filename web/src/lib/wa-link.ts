/** A wa.me link that opens WhatsApp with `text` typed, for the user to choose the recipient. */
export const waShareLink = (text: string): string => `https://wa.me/?text=${encodeURIComponent(text)}`;
