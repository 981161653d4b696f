// The products list: one card per product (name, price, variations, slug), newest first.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ApiError } from '../../api/client';
import { can, useMe } from '../../api/use-session';
import { buttonClass } from '../../components/ui/button';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { Loading, PageHeader } from '../../components/ui/page';
import { T } from '../../text/id';
import { productsQuery, rupiah } from './use-products';

export function ProductsPage() {
  const me = useMe();
  const manage = can(me, 'products:manage');
  const products = useQuery(productsQuery);
  const list = products.data;
  return (
    <>
      <PageHeader
        title={T.products.title}
        lead={T.products.lead}
        actions={
          manage ? (
            <Link to="/products/$productId" params={{ productId: 'new' }} className={buttonClass('primary')}>
              {T.products.add}
            </Link>
          ) : null
        }
      />
      {!manage ? (
        <div className="mb-4">
          <Notice>{T.products.readOnly}</Notice>
        </div>
      ) : null}
      {products.isPending ? <Loading label={T.loading} /> : null}
      <ErrorNotice error={products.error as ApiError | null} />
      {list && list.products.length === 0 ? <p className="text-slate-700">{T.products.empty}</p> : null}
      {list && list.products.length > 0 ? (
        <>
          <p className="mb-3 text-sm text-slate-600">{T.products.count(list.products.length, list.total)}</p>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {list.products.map((product) => (
              <li key={product.id} className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <h2 className="break-words text-lg font-semibold">{product.name}</h2>
                <p className="mt-1 text-base font-medium text-slate-900">
                  {product.sale_price !== null ? <s className="mr-2 text-sm text-slate-600">{rupiah(product.sale_price)}</s> : null}
                  {rupiah(product.price)}
                </p>
                <p className="mt-1 text-sm text-slate-700">{T.products.variations(product.variants.length)}</p>
                <p className="mt-1 break-all font-mono text-xs text-slate-600">{product.slug}</p>
                <Link to="/products/$productId" params={{ productId: String(product.id) }} className={buttonClass('secondary', 'mt-3 self-start')} aria-label={`${T.products.open} ${product.name}`}>
                  {T.products.open}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
