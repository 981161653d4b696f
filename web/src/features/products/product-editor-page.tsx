// The product editor (issue 11, section 2), its sections in their own files: the basics, the
// product's images once it is saved, up to three variations, the price matrix, the product's
// payment methods and couriers, the ad ids, and the snippet with copy buttons and a live
// preview of the real form: beside the editor on a wide screen (1536 px and more, where the
// form keeps room for its three-column rows), below it otherwise. CS members see it read-only.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import type { ApiError } from '../../api/client';
import { can, useMe } from '../../api/use-session';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { Card, Loading, PageHeader } from '../../components/ui/page';
import { showFlash } from '../../lib/flash';
import { T } from '../../text/id';
import { AdsSection } from './ads-section';
import { BasicsSection } from './basics-section';
import { OfferSection } from './offer-section';
import { PriceMatrixSection } from './price-matrix-section';
import { badCells, bodyOf, draftOf, EMPTY, type Draft, type SetDraft } from './product-draft';
import { editorErrors } from './product-errors';
import { ProductImages } from './product-images';
import { SnippetAside } from './snippet-aside';
import { productQuery, useDeleteProduct, useSaveProduct, type Product } from './use-products';
import { VariationsSection } from './variations-section';

export function ProductEditorPage() {
  const { productId } = useParams({ from: '/app/products/$productId' });
  const isNew = productId === 'new';
  const id = isNew ? 0 : Number(productId);
  const queryClient = useQueryClient();
  const product = useQuery({ ...productQuery(queryClient, id), enabled: !isNew && Number.isSafeInteger(id) && id > 0 });
  if (isNew) return <Editor product={null} />;
  if (!Number.isSafeInteger(id) || id <= 0) return <ProductNotFound />;
  if (product.isPending) return <Loading label={T.loading} />;
  const error = (product.error as ApiError | null) ?? null;
  // SPEC's products path answers a missing product in English ("Product not found"): the page words it.
  if (error?.status === 404) return <ProductNotFound />;
  if (error || !product.data) return <ErrorNotice error={error} />;
  return <Editor key={product.data.id} product={product.data} />;
}

/** A product deleted meanwhile (another tab, a teammate) or an address that names none. */
function ProductNotFound() {
  return (
    <Notice tone="error">
      <p>{T.products.notFound}</p>
      <Link to="/products" className="mt-1 inline-flex min-h-11 items-center font-semibold underline">
        {T.products.back}
      </Link>
    </Notice>
  );
}

function Editor({ product }: { product: Product | null }) {
  const manage = can(useMe(), 'products:manage');
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(() => (product ? draftOf(product) : EMPTY));
  const [confirming, setConfirming] = useState(false);
  const [previewKey, setPreviewKey] = useState(0);
  const set: SetDraft = (key, value) => setDraft((d) => ({ ...d, [key]: value }));
  const save = useSaveProduct(product?.id ?? null);
  const remove = useDeleteProduct(product?.id ?? 0);
  // After the first try to save, the matrix's bad cells are named as the seller types.
  const [checkCells, setCheckCells] = useState(false);
  const errors = editorErrors(save.error, draft, checkCells);
  const form = useRef<HTMLFormElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCheckCells(true);
    const bad = badCells(draft);
    if (bad.price.size + bad.compare.size > 0) {
      // Nothing is sent: the first bad cell takes the focus, its sentence beside it (once React has drawn it).
      requestAnimationFrame(() => form.current?.querySelector<HTMLInputElement>('[data-combination] [aria-invalid="true"]')?.focus());
      return;
    }
    save.mutate(bodyOf(draft), {
      onSuccess: (saved) => {
        setPreviewKey((k) => k + 1);
        showFlash({ tone: 'success', text: product ? T.products.saved : T.products.created });
        if (!product) void navigate({ to: '/products/$productId', params: { productId: String(saved.id) } });
        else setDraft(draftOf(saved));
      },
    });
  };
  const deleteProduct = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        showFlash({ tone: 'success', text: T.products.deleted });
        void navigate({ to: '/products' });
      },
    });
  const sections = { draft, set, errors };

  return (
    <>
      <PageHeader
        title={product ? product.name : T.products.newTitle}
        actions={
          <Link to="/products" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline">
            {T.products.back}
          </Link>
        }
      />
      {!manage ? (
        <div className="mb-4">
          <Notice>{T.products.readOnly}</Notice>
        </div>
      ) : null}
      <div className="grid gap-5 2xl:grid-cols-[1fr_360px]">
        <form ref={form} onSubmit={submit} noValidate className="min-w-0 space-y-5">
          <fieldset disabled={!manage} className="min-w-0 space-y-5">
            <BasicsSection {...sections} />
            {product ? (
              <Card>
                <ProductImages productId={product.id} />
              </Card>
            ) : null}
            <VariationsSection {...sections} manage={manage} />
            <PriceMatrixSection {...sections} />
            <OfferSection {...sections} />
            <AdsSection {...sections} />
          </fieldset>

          {errors.general ? <ErrorNotice error={errors.general} /> : null}
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
        <SnippetAside product={product} manage={manage} previewKey={previewKey} />
      </div>
      {product ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={T.products.deleteTitle(product.name)}
          description={T.products.deleteBody}
          confirmLabel={T.products.delete}
          busy={remove.isPending}
          onConfirm={deleteProduct}
        >
          <ErrorNotice error={remove.error} />
        </ConfirmDialog>
      ) : null}
    </>
  );
}
