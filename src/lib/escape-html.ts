/**
 * Text made safe inside HTML: element content and quoted attribute values alike. The one
 * escaper of the form's pages (form/html.ts) and the embed snippets (products/embed-markup.ts).
 */
export const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
