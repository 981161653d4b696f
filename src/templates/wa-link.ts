// wa.me's click-to-chat link, the one way Lapak hands a rendered message to WhatsApp (the thank-you
// page's button, the CS follow-ups): the number in international digits (62...), the text
// URL-encoded whole, so line breaks (%0A), *bold* and emoji arrive as written.
export const waMeUrl = (phone: string, text: string) => `https://wa.me/${phone}?text=${encodeURIComponent(text)}`;
