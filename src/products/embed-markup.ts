// The form URL scheme and the snippets a seller pastes. Markup is documented in docs/embed.md.
import { escapeHtml } from '../lib/escape-html.js';

export function formUrl(publicUrl: string, tenantId: number, slug: string): string {
  return `${publicUrl}/form/${tenantId}/${encodeURIComponent(slug)}`;
}

export function embedSnippets(publicUrl: string, product: { id: number; name: string }, url: string) {
  const frameId = `lapak-form-${product.id}`;
  const iframe =
    `<iframe id="${frameId}" src="${escapeHtml(url)}" title="${escapeHtml(product.name)}" ` +
    `style="width:100%;border:0;min-height:480px" loading="lazy"></iframe>`;
  const script = (pixel: boolean) =>
    `<script src="${escapeHtml(publicUrl)}/embed.js" data-lapak-frame="${frameId}"${pixel ? ' data-lapak-pixel="1"' : ''} async></script>`;
  return {
    iframe: iframe + script(false),
    iframe_with_pixel: iframe + script(true),
  };
}
