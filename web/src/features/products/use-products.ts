// The store's catalogue on SPEC's dashboard path of /api/products.php. The path's IP window
// (60 requests / 60 s, shared with API-key traffic from the same address) is why the list is
// read once, up to 100 products, and kept: the editor takes a product from that list and only
// asks the server for one it does not hold.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, call, type paths } from '../../api/client';

type ProductsGet = paths['/api/products.php']['get']['responses'][200]['content']['application/json'];
export type ProductList = Extract<ProductsGet, { products: unknown }>;
export type Product = ProductList['products'][number];
export type ProductBody = NonNullable<paths['/api/products.php']['post']['requestBody']>['content']['application/json'];

const FIVE_MINUTES = 5 * 60_000;

export const productsQuery = queryOptions({
  queryKey: ['products'],
  queryFn: async () => (await call(api.GET('/api/products.php', { params: { query: { per_page: 100 } } }))) as ProductList,
  staleTime: FIVE_MINUTES,
});

export const productQuery = (queryClient: QueryClient, id: number) =>
  queryOptions({
    queryKey: ['products', id],
    queryFn: async () => (await call(api.GET('/api/products.php', { params: { query: { id } } }))) as Product,
    initialData: () => queryClient.getQueryData(productsQuery.queryKey)?.products.find((p) => p.id === id),
    staleTime: FIVE_MINUTES,
  });

export const choicesQuery = queryOptions({
  queryKey: ['products', 'choices'],
  queryFn: () => call(api.GET('/dashboard/api/products/choices')),
  staleTime: FIVE_MINUTES,
});

/** After a write: the one product's answer replaces it in the cached list (no new list read). */
export function rememberProduct(queryClient: QueryClient, product: Product): void {
  queryClient.setQueryData(['products', product.id], product);
  queryClient.setQueryData(productsQuery.queryKey, (list) => {
    if (!list) return list;
    const known = list.products.some((p) => p.id === product.id);
    return {
      ...list,
      products: known ? list.products.map((p) => (p.id === product.id ? product : p)) : [product, ...list.products],
      total: known ? list.total : list.total + 1,
    };
  });
}

export function forgetProduct(queryClient: QueryClient, id: number): void {
  queryClient.removeQueries({ queryKey: ['products', id], exact: true });
  queryClient.setQueryData(productsQuery.queryKey, (list) =>
    list ? { ...list, products: list.products.filter((p) => p.id !== id), total: Math.max(0, list.total - 1) } : list,
  );
}

export const rupiah = (value: number): string => new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 }).format(value);
