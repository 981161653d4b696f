// The form URL scheme and the snippets a seller pastes. Markup is documented in docs/embed.md.

export function formUrl(publicUrl: string, tenantId: number, slug: string): string {
  return `${publicUrl}/form/${tenantId}/${encodeURIComponent(slug)}`;
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function embedSnippets(publicUrl: string, product: { id: number; name: string }, url: string) {
  const frameId = `lapak-form-${product.id}`;
  const iframe =
    `<iframe id="${frameId}" src="${escapeAttr(url)}" title="${escapeAttr(product.name)}" ` +
    `style="width:100%;border:0;min-height:480px" loading="lazy"></iframe>`;
  const script = (pixel: boolean) =>
    `<script src="${escapeAttr(publicUrl)}/embed.js" data-lapak-frame="${frameId}"${pixel ? ' data-lapak-pixel="1"' : ''} async></script>`;
  return {
    iframe: iframe + script(false),
    iframe_with_pixel: iframe + script(true),
  };
}
