// The product editor (issue 11, section 2): name, slug, description, prices, weight, up to
// three variations, the price matrix (one row per combination; the server's variant price text
// shown beside each bad cell), the variant display, the product's payment methods and couriers,
// the ad ids, the snippet with copy buttons, and a live preview of the real form (beside the
// editor on a desktop, below it on a phone). CS members see it read-only.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState, type FormEvent } from 'react';
import { ApiError, api, call } from '../../api/client';
import { can, useMe } from '../../api/session';
import { Button } from '../../components/ui/button';
import { CopyField } from '../../components/ui/copy-field';
import { ConfirmDialog } from '../../components/ui/dialog';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { Card, Loading, PageHeader } from '../../components/ui/page';
import { showFlash } from '../../lib/flash';
import { productEditorRoute } from '../../router';
import { T } from '../../text/id';
import { ProductImages } from './product-images';
import { choicesQuery, forgetProduct, productQuery, rememberProduct, type Product, type ProductBody } from './use-products';

interface VariationDraft {
  dimension: string;
  options: string;
}

interface Draft {
  name: string;
  slug: string;
  description: string;
  price: string;
  salePrice: string;
  weight: string;
  variations: VariationDraft[];
  /** Cell values by combination key ("0.2"), as typed. */
  prices: Record<string, string>;
  compare: Record<string, string>;
  display: 'default' | 'small';
  paymentMethods: string[];
  couriers: string[];
  meta: string;
  tiktok: string;
  gtm: string;
}

const EMPTY: Draft = {
  name: '', slug: '', description: '', price: '', salePrice: '', weight: '0', variations: [], prices: {}, compare: {},
  display: 'default', paymentMethods: [], couriers: [], meta: '', tiktok: '', gtm: '',
};

const optionsOf = (variation: VariationDraft): string[] => variation.options.split(',').map((o) => o.trim()).filter((o) => o !== '');

/** Every combination of option indexes, in the order of the variations. */
function combinations(variations: VariationDraft[]): number[][] {
  return variations.reduce<number[][]>((acc, v) => acc.flatMap((combo) => optionsOf(v).map((_, i) => [...combo, i])), [[]]).filter((c) => c.length > 0);
}

/** The nested matrix SPEC's rules want (a flat list for one variation); an empty cell is 0, which the server refuses with its text. */
function matrixOf(variations: VariationDraft[], cells: Record<string, string>): unknown[] {
  const build = (prefix: number[]): unknown[] =>
    optionsOf(variations[prefix.length]!).map((_, i) => {
      const path = [...prefix, i];
      return path.length === variations.length ? Number(cells[path.join('.')] || 0) : build(path);
    });
  return variations.length === 0 ? [] : build([]);
}

function cellsOf(matrix: unknown, path: number[] = [], out: Record<string, string> = {}): Record<string, string> {
  if (Array.isArray(matrix)) matrix.forEach((item, i) => cellsOf(item, [...path, i], out));
  else if (typeof matrix === 'number' && path.length > 0) out[path.join('.')] = String(matrix);
  return out;
}

function draftOf(product: Product): Draft {
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    price: String(product.price),
    salePrice: product.sale_price === null ? '' : String(product.sale_price),
    weight: String(product.weight_grams),
    variations: product.variants.map((v) => ({ dimension: v.dimension, options: v.options.join(', ') })),
    prices: cellsOf(product.variant_prices),
    compare: cellsOf(product.variant_compare_prices),
    display: product.variant_display,
    paymentMethods: product.payment_methods ?? [],
    couriers: product.couriers ?? [],
    meta: product.meta_pixel_id ?? '',
    tiktok: product.tiktok_pixel_id ?? '',
    gtm: product.gtm_id ?? '',
  };
}

const wholeNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

function bodyOf(draft: Draft): ProductBody {
  const anyPrice = Object.values(draft.prices).some((v) => v.trim() !== '');
  const anyCompare = Object.values(draft.compare).some((v) => v.trim() !== '');
  return {
    name: draft.name,
    ...(draft.slug.trim() !== '' ? { slug: draft.slug } : {}),
    description: draft.description,
    price: wholeNumber(draft.price),
    sale_price: draft.salePrice.trim() === '' ? null : wholeNumber(draft.salePrice),
    weight_grams: wholeNumber(draft.weight),
    variants: draft.variations.map((v) => ({ dimension: v.dimension.trim(), options: optionsOf(v) })),
    variant_prices: anyPrice ? (matrixOf(draft.variations, draft.prices) as ProductBody['variant_prices']) : [],
    variant_compare_prices: anyCompare ? (matrixOf(draft.variations, draft.compare) as ProductBody['variant_compare_prices']) : [],
    variant_display: draft.display,
    payment_methods: draft.paymentMethods.length > 0 ? draft.paymentMethods : null,
    couriers: draft.couriers.length > 0 ? draft.couriers : null,
    meta_pixel_id: draft.meta.trim() || null,
    tiktok_pixel_id: draft.tiktok.trim() || null,
    gtm_id: draft.gtm.trim() || null,
  } as ProductBody;
}

/** The fields whose server text is shown beside them (the first word of the text). */
const INLINE_FIELDS = new Set([
  'name', 'cannot', 'description', 'price', 'sale_price', 'weight_grams', 'variants', 'setiap', 'variant_display',
  'variant_prices', 'variant_compare_prices', 'payment_methods', 'couriers', 'meta_pixel_id', 'tiktok_pixel_id', 'gtm_id',
]);

/** The field a server text is about: its first word names it (`variant_prices ...`, `gtm_id must ...`). */
const fieldOf = (error: ApiError | null): string | null => (error ? (/^([a-z_]+)\b/.exec(error.body.error)?.[1] ?? null) : null);

const badCell = (value: string | undefined, kind: 'price' | 'compare') => {
  const n = Number(value ?? '');
  return kind === 'price' ? !(value ?? '').trim() || !(n > 0) : (value ?? '').trim() !== '' && !(n >= 0);
};

export function ProductEditorPage() {
  const { productId } = productEditorRoute.useParams();
  const isNew = productId === 'new';
  const id = isNew ? 0 : Number(productId);
  const queryClient = useQueryClient();
  const product = useQuery({ ...productQuery(queryClient, id), enabled: !isNew && Number.isSafeInteger(id) && id > 0 });
  if (isNew) return <Editor product={null} />;
  if (!Number.isSafeInteger(id) || id <= 0) return <Notice tone="error">{T.notFoundBody}</Notice>;
  if (product.isPending) return <Loading label={T.loading} />;
  if (product.error || !product.data) return <ErrorNotice error={(product.error as ApiError | null) ?? null} />;
  return <Editor key={product.data.id} product={product.data} />;
}

function Editor({ product }: { product: Product | null }) {
  const me = useMe();
  const manage = can(me, 'products:manage');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const choices = useQuery(choicesQuery);
  const [draft, setDraft] = useState<Draft>(() => (product ? draftOf(product) : EMPTY));
  const [confirming, setConfirming] = useState(false);
  const [previewKey, setPreviewKey] = useState(0);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const save = useMutation({
    mutationFn: async (body: ProductBody) =>
      (product
        ? await call(api.PATCH('/api/products.php', { params: { query: { id: product.id } }, body }))
        : await call(api.POST('/api/products.php', { body }))) as Product,
    onSuccess: (saved) => {
      rememberProduct(queryClient, saved);
      void queryClient.invalidateQueries({ queryKey: ['home'] });
      setPreviewKey((k) => k + 1);
      showFlash({ tone: 'success', text: product ? T.products.saved : T.products.created });
      if (!product) void navigate({ to: '/products/$productId', params: { productId: String(saved.id) } });
      else setDraft(draftOf(saved));
    },
  });
  const remove = useMutation({
    mutationFn: () => call(api.DELETE('/api/products.php', { params: { query: { id: product!.id } } })),
    onSuccess: () => {
      forgetProduct(queryClient, product!.id);
      void queryClient.invalidateQueries({ queryKey: ['home'] });
      showFlash({ tone: 'success', text: T.products.deleted });
      void navigate({ to: '/products' });
    },
  });
  const snippetCopied = useMutation({ mutationFn: () => call(api.POST('/dashboard/api/home/snippet-copied')), onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['home'] }) });

  const error = save.error as ApiError | null;
  const errorField = fieldOf(error);
  const fieldError = (field: string) => (errorField === field ? error!.body.error : undefined);
  const combos = useMemo(() => combinations(draft.variations), [draft.variations]);
  // The server's variant price text, shown beside every cell it is about.
  const cellError = (kind: 'price' | 'compare', key: string) => {
    const field = kind === 'price' ? 'variant_prices' : 'variant_compare_prices';
    if (errorField !== field || !/tiap kombinasi/.test(error!.body.error)) return undefined;
    return badCell((kind === 'price' ? draft.prices : draft.compare)[key], kind) ? error!.body.error : undefined;
  };
  const matrixShapeError = (errorField === 'variant_prices' || errorField === 'variant_compare_prices') && !/tiap kombinasi/.test(error!.body.error) ? error!.body.error : undefined;
  const variantsError = errorField === 'variants' || errorField === 'setiap' ? error!.body.error : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(bodyOf(draft));
  };
  const setVariation = (index: number, change: Partial<VariationDraft>) =>
    set('variations', draft.variations.map((v, i) => (i === index ? { ...v, ...change } : v)));
  const toggle = (key: 'paymentMethods' | 'couriers', value: string, on: boolean) =>
    set(key, on ? [...draft[key], value] : draft[key].filter((v) => v !== value));

  return (
    <>
      <PageHeader
        title={product ? product.name : T.products.newTitle}
        actions={
          <Link to="/products" className="text-sm font-semibold text-brand-800 underline">
            {T.products.back}
          </Link>
        }
      />
      {!manage ? (
        <div className="mb-4">
          <Notice>{T.products.readOnly}</Notice>
        </div>
      ) : null}
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_360px]">
        <form onSubmit={submit} noValidate className="min-w-0 space-y-5">
          <fieldset disabled={!manage} className="min-w-0 space-y-5">
            <Card title={T.products.basics}>
              <div className="space-y-4">
                <TextField label={T.products.name} value={draft.name} onChange={(e) => set('name', e.target.value)} required maxLength={200} error={fieldOf(error) === 'name' ? error!.body.error : undefined} />
                <TextField label={T.products.slug} hint={T.products.slugHint} value={draft.slug} onChange={(e) => set('slug', e.target.value)} error={fieldOf(error) === 'cannot' ? error!.body.error : undefined} />
                <TextAreaField label={T.products.description} maxLength={5000} value={draft.description} onChange={(e) => set('description', e.target.value)} error={fieldError('description')} />
                <div className="grid gap-4 sm:grid-cols-3">
                  <TextField label={T.products.price} inputMode="numeric" value={draft.price} onChange={(e) => set('price', e.target.value)} error={fieldError('price')} />
                  <TextField label={T.products.salePrice} hint={T.products.salePriceHint} inputMode="numeric" value={draft.salePrice} onChange={(e) => set('salePrice', e.target.value)} error={fieldError('sale_price')} />
                  <TextField label={T.products.weight} inputMode="numeric" value={draft.weight} onChange={(e) => set('weight', e.target.value)} error={fieldError('weight_grams')} />
                </div>
              </div>
            </Card>

            {product ? (
              <Card>
                <ProductImages productId={product.id} />
              </Card>
            ) : null}

            <Card title={T.products.variationsTitle}>
              <p className="-mt-2 mb-3 text-sm text-slate-700">{T.products.variationsLead}</p>
              <div className="space-y-4">
                {draft.variations.map((variation, i) => (
                  <div key={i} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
                    <TextField label={T.products.dimension(i + 1)} value={variation.dimension} onChange={(e) => setVariation(i, { dimension: e.target.value })} />
                    <TextField label={T.products.options(i + 1)} hint={T.products.optionsHint} value={variation.options} onChange={(e) => setVariation(i, { options: e.target.value })} />
                    {manage ? (
                      <Button variant="ghost" onClick={() => set('variations', draft.variations.filter((_, j) => j !== i))}>
                        {T.products.removeVariation(i + 1)}
                      </Button>
                    ) : null}
                  </div>
                ))}
                {variantsError ? <p className="text-sm font-medium text-red-700">{variantsError}</p> : null}
                {manage && draft.variations.length < 3 ? (
                  <Button variant="secondary" onClick={() => set('variations', [...draft.variations, { dimension: '', options: '' }])}>
                    {T.products.addVariation}
                  </Button>
                ) : null}
                {draft.variations.length > 0 ? (
                  <SelectField label={T.products.display} value={draft.display} onChange={(e) => set('display', e.target.value as Draft['display'])} error={fieldError('variant_display')}>
                    <option value="default">{T.products.displayDefault}</option>
                    <option value="small">{T.products.displaySmall}</option>
                  </SelectField>
                ) : null}
              </div>
            </Card>

            {combos.length > 0 ? (
              <Card title={T.products.matrixTitle}>
                <p className="-mt-2 mb-3 text-sm text-slate-700">{T.products.matrixLead}</p>
                {matrixShapeError ? <p className="mb-3 text-sm font-medium text-red-700" role="alert">{matrixShapeError}</p> : null}
                <div className="space-y-3" role="group" aria-label={T.products.matrixTitle}>
                  {combos.map((combo) => {
                    const key = combo.join('.');
                    const label = combo.map((option, i) => optionsOf(draft.variations[i]!)[option]).join(' / ');
                    return (
                      <div key={key} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1fr] sm:items-start" data-combination={label}>
                        <p className="font-medium sm:pt-8">{label}</p>
                        <TextField label={T.products.cellPrice(label)} inputMode="numeric" value={draft.prices[key] ?? ''} onChange={(e) => set('prices', { ...draft.prices, [key]: e.target.value })} error={cellError('price', key)} />
                        <TextField label={T.products.cellCompare(label)} inputMode="numeric" value={draft.compare[key] ?? ''} onChange={(e) => set('compare', { ...draft.compare, [key]: e.target.value })} error={cellError('compare', key)} />
                      </div>
                    );
                  })}
                </div>
              </Card>
            ) : null}

            <Card title={T.products.offerTitle}>
              <p className="-mt-2 mb-3 text-sm text-slate-700">{T.products.offerLead}</p>
              <div className="grid gap-5 sm:grid-cols-2">
                <fieldset className="space-y-2">
                  <legend className="mb-2 text-sm font-semibold">{T.products.paymentMethods}</legend>
                  {(choices.data?.payment_methods ?? []).map((method) => (
                    <CheckboxField key={method} label={T.products.paymentLabels[method] ?? method} checked={draft.paymentMethods.includes(method)} onChange={(e) => toggle('paymentMethods', method, e.target.checked)} />
                  ))}
                  {fieldError('payment_methods') ? <p className="text-sm font-medium text-red-700">{fieldError('payment_methods')}</p> : null}
                </fieldset>
                <fieldset className="space-y-2">
                  <legend className="mb-2 text-sm font-semibold">{T.products.couriers}</legend>
                  {choices.data && choices.data.couriers.length === 0 ? <p className="text-sm text-slate-700">{T.products.noCouriers}</p> : null}
                  {(choices.data?.couriers ?? []).map((courier) => (
                    <CheckboxField key={courier} label={courier} checked={draft.couriers.includes(courier)} onChange={(e) => toggle('couriers', courier, e.target.checked)} />
                  ))}
                  {fieldError('couriers') ? <p className="text-sm font-medium text-red-700">{fieldError('couriers')}</p> : null}
                </fieldset>
              </div>
            </Card>

            <Card title={T.products.adsTitle}>
              <div className="grid gap-4 sm:grid-cols-3">
                <TextField label={T.products.metaPixel} hint={T.products.metaPixelHint} inputMode="numeric" value={draft.meta} onChange={(e) => set('meta', e.target.value)} error={fieldError('meta_pixel_id')} />
                <TextField label={T.products.tiktokPixel} hint={T.products.tiktokPixelHint} value={draft.tiktok} onChange={(e) => set('tiktok', e.target.value)} error={fieldError('tiktok_pixel_id')} />
                <TextField label={T.products.gtm} hint={T.products.gtmHint} value={draft.gtm} onChange={(e) => set('gtm', e.target.value)} error={fieldError('gtm_id')} />
              </div>
            </Card>
          </fieldset>

          {error && !INLINE_FIELDS.has(errorField ?? '') ? <ErrorNotice error={error} /> : null}
          {manage ? (
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
              {/* On a phone the buttons stack: deleting stays apart from saving, below a rule, and quiet until asked to confirm. */}
              {product ? (
                <div className="mt-6 border-t border-slate-200 pt-4 sm:mt-0 sm:border-0 sm:pt-0">
                  <Button variant="dangerQuiet" className="w-full sm:w-auto" onClick={() => setConfirming(true)}>
                    {T.products.delete}
                  </Button>
                </div>
              ) : <span />}
              <Button type="submit" busy={save.isPending}>
                {T.save}
              </Button>
            </div>
          ) : null}
        </form>

        <aside className="min-w-0 space-y-5">
          <Card title={T.products.snippetTitle}>
            {product ? (
              <div className="space-y-3">
                <p className="text-sm text-slate-700">{T.products.snippetLead}</p>
                <CopyField label={T.products.snippet} value={product.embed.iframe} onCopied={manage ? () => snippetCopied.mutate() : undefined} />
                <CopyField label={T.products.snippetWithPixel} value={product.embed.iframe_with_pixel} onCopied={manage ? () => snippetCopied.mutate() : undefined} />
              </div>
            ) : (
              <p className="text-sm text-slate-700">{T.products.snippetAfterSave}</p>
            )}
          </Card>
          {product ? (
            <Card title={T.products.previewTitle}>
              <iframe key={previewKey} src={product.embed.form_url} title={T.products.previewFrame(product.name)} className="h-[640px] w-full rounded-lg border border-slate-200" loading="lazy" />
            </Card>
          ) : null}
        </aside>
      </div>
      {product ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={T.products.deleteTitle(product.name)}
          description={T.products.deleteBody}
          confirmLabel={T.products.delete}
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
        >
          <ErrorNotice error={remove.error as ApiError | null} />
        </ConfirmDialog>
      ) : null}
    </>
  );
}
