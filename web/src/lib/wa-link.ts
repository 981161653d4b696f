/** A wa.me link that opens WhatsApp with `text` typed, for the user to choose the recipient. */
export const waShareLink = (text: string): string => `https://wa.me/?text=${encodeURIComponent(text)}`;
/** A wa.me link that opens a chat with the number (stored international digits, 628…). */
export const waChatLink = (phone: string): string => `https://wa.me/${phone.replace(/\D/g, '')}`;
