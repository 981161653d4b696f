// The store's catalogue on SPEC's dashboard path of /api/products.php. The path's IP window
// (60 requests / 60 s, shared with API-key traffic from the same address) is why the list is
// read once, up to 100 products, and kept: the editor takes a product from that list and only
// asks the server for one it does not hold. A product's images and the store's choices for a
// product (payment methods, couriers) come from the dashboard interface.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useOnceMutation } from '../../api/use-once-mutation';
import { api, ApiError, call, type paths } from '../../api/client';
import { T } from '../../text/id';
import { homeKeys } from '../home/use-home';

type ProductsGet = paths['/api/products.php']['get']['responses'][200]['content']['application/json'];
export type ProductList = Extract<ProductsGet, { products: unknown }>;
export type Product = ProductList['products'][number];
export type ProductBody = NonNullable<paths['/api/products.php']['post']['requestBody']>['content']['application/json'];
export type ImageList = paths['/dashboard/api/products/{id}/images']['get']['responses'][200]['content']['application/json'];
export type Image = ImageList['images'][number];

export const productKeys = {
  all: ['products'] as const,
  list: () => [...productKeys.all, 'list'] as const,
  one: (id: number) => [...productKeys.all, id] as const,
  images: (id: number) => [...productKeys.one(id), 'images'] as const,
  choices: () => [...productKeys.all, 'choices'] as const,
};

const FIVE_MINUTES = 5 * 60_000;

export const productsQuery = queryOptions({
  queryKey: productKeys.list(),
  queryFn: async () => (await call(api.GET('/api/products.php', { params: { query: { per_page: 100 } } }))) as ProductList,
  staleTime: FIVE_MINUTES,
});

export const productQuery = (queryClient: QueryClient, id: number) =>
  queryOptions({
    queryKey: productKeys.one(id),
    queryFn: async () => (await call(api.GET('/api/products.php', { params: { query: { id } } }))) as Product,
    initialData: () => queryClient.getQueryData(productsQuery.queryKey)?.products.find((p) => p.id === id),
    staleTime: FIVE_MINUTES,
  });

export const choicesQuery = queryOptions({
  queryKey: productKeys.choices(),
  queryFn: () => call(api.GET('/dashboard/api/products/choices')),
  staleTime: FIVE_MINUTES,
});

/** After a write: the one product's answer replaces it in the cached list (no new list read). */
function rememberProduct(queryClient: QueryClient, product: Product): void {
  queryClient.setQueryData(productKeys.one(product.id), product);
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

function forgetProduct(queryClient: QueryClient, id: number): void {
  queryClient.removeQueries({ queryKey: productKeys.one(id), exact: true });
  queryClient.setQueryData(productsQuery.queryKey, (list) =>
    list ? { ...list, products: list.products.filter((p) => p.id !== id), total: Math.max(0, list.total - 1) } : list,
  );
}

/** Creates a product (id null) or changes one; the answer is the product as saved. */
export function useSaveProduct(id: number | null) {
  const queryClient = useQueryClient();
  return useOnceMutation<Product, ApiError, ProductBody>({
    mutationFn: async (body) =>
      (id === null
        ? await call(api.POST('/api/products.php', { body }))
        : await call(api.PATCH('/api/products.php', { params: { query: { id } }, body }))) as Product,
    onSuccess: (saved) => {
      rememberProduct(queryClient, saved);
      void queryClient.invalidateQueries({ queryKey: homeKeys.all });
    },
  });
}

export function useDeleteProduct(id: number) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError>({
    mutationFn: () => call(api.DELETE('/api/products.php', { params: { query: { id } } })),
    onSuccess: () => {
      forgetProduct(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: homeKeys.all });
    },
  });
}

/** What the server takes for an image (it checks the bytes itself); the picker offers only these. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES = 10;

export const productImagesQuery = (productId: number) =>
  queryOptions({
    queryKey: productKeys.images(productId),
    queryFn: () => call(api.GET('/dashboard/api/products/{id}/images', { params: { path: { id: productId } } })),
  });

function uploadImage(productId: number, file: File) {
  return call(
    api.POST('/dashboard/api/products/{id}/images', {
      params: { path: { id: productId } },
      // The raw bytes, under the file's own type; the server tells a wrong one.
      body: file as unknown as string,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'Content-Type': IMAGE_TYPES.includes(file.type) ? file.type : file.type || 'application/octet-stream' },
    }),
  );
}

/**
 * Uploads the files one at a time, in the order picked, showing each as it lands; the first
 * refusal stops the rest (a file over the size limit is refused here, before its upload).
 */
export function useUploadImages(productId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: productKeys.images(productId) });
  return useOnceMutation<void, ApiError, File[]>({
    mutationFn: async (files) => {
      for (const file of files) {
        if (file.size > MAX_IMAGE_BYTES) throw new ApiError(413, { error: T.images.tooLarge(file.name), code: 'body_too_large' });
        await uploadImage(productId, file);
        await refresh();
      }
    },
    onError: () => void refresh(),
  });
}

export function useReorderImages(productId: number) {
  const queryClient = useQueryClient();
  return useMutation<ImageList, ApiError, number[]>({
    mutationFn: (order) => call(api.PATCH('/dashboard/api/products/{id}/images', { params: { path: { id: productId } }, body: { order } })),
    onSuccess: (list) => queryClient.setQueryData(productKeys.images(productId), list),
    onError: () => void queryClient.invalidateQueries({ queryKey: productKeys.images(productId) }),
  });
}

export function useDeleteImage(productId: number) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, number>({
    mutationFn: (imageId) => call(api.DELETE('/dashboard/api/products/{id}/images/{imageId}', { params: { path: { id: productId, imageId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.images(productId) }),
  });
}

export const rupiah = (value: number): string => new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 }).format(value);
