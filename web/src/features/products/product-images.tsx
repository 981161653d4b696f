// A product's images in the editor: upload (the phone's gallery or camera through the file
// picker), thumbnails in their order, move up/down, delete after a confirmation. The server
// decides what it accepts; its refusal texts are shown as they are. A member without
// products:manage (CS) sees the images without the buttons.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { api, ApiError, call, type paths } from '../../api/client';
import { can, useMe } from '../../api/session';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { Loading } from '../../components/ui/page';
import { T } from '../../text/id';

type ImageList = paths['/dashboard/api/products/{id}/images']['get']['responses'][200]['content']['application/json'];
type Image = ImageList['images'][number];

/** What the server takes (it checks the bytes itself); the picker offers only these. */
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 5 * 1024 * 1024;
const MAX_IMAGES = 10;

export const productImagesQuery = (productId: number) =>
  queryOptions({
    queryKey: ['products', productId, 'images'],
    queryFn: () => call(api.GET('/dashboard/api/products/{id}/images', { params: { path: { id: productId } } })),
  });

function uploadImage(productId: number, file: File) {
  return call(
    api.POST('/dashboard/api/products/{id}/images', {
      params: { path: { id: productId } },
      // The raw bytes, under the file's own type; the server tells a wrong one.
      body: file as unknown as string,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'Content-Type': TYPES.includes(file.type) ? file.type : file.type || 'application/octet-stream' },
    }),
  );
}

export function ProductImages({ productId }: { productId: number }) {
  const queryClient = useQueryClient();
  const manage = can(useMe(), 'products:manage');
  const images = useQuery(productImagesQuery(productId));
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [deleting, setDeleting] = useState<{ image: Image; number: number } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: productImagesQuery(productId).queryKey });

  const upload = useMutation<void, ApiError, File[]>({
    mutationFn: async (files) => {
      // One at a time, in the order picked; the first refusal stops the rest.
      for (const file of files) {
        if (file.size > MAX_BYTES) throw new ApiError(413, { error: T.images.tooLarge(file.name), code: 'body_too_large' });
        await uploadImage(productId, file);
        await refresh();
      }
    },
    onMutate: () => setProblem(null),
    onError: (error) => {
      setProblem(error);
      void refresh();
    },
  });
  const reorder = useMutation<ImageList, ApiError, number[]>({
    mutationFn: (order) => call(api.PATCH('/dashboard/api/products/{id}/images', { params: { path: { id: productId } }, body: { order } })),
    onMutate: () => setProblem(null),
    onSuccess: (list) => queryClient.setQueryData(productImagesQuery(productId).queryKey, list),
    onError: (error) => {
      setProblem(error);
      void refresh();
    },
  });
  const remove = useMutation<unknown, ApiError, number>({
    mutationFn: (imageId) => call(api.DELETE('/dashboard/api/products/{id}/images/{imageId}', { params: { path: { id: productId, imageId } } })),
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
    },
  });

  const list = images.data?.images ?? [];
  const full = list.length >= MAX_IMAGES;
  const busy = upload.isPending || reorder.isPending;

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length > 0) upload.mutate(files);
  };
  const move = (index: number, by: -1 | 1) => {
    const order = list.map((image) => image.id);
    [order[index], order[index + by]] = [order[index + by]!, order[index]!];
    reorder.mutate(order);
  };

  return (
    <section aria-labelledby={`images-${productId}`} className="space-y-3" data-product-images>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`images-${productId}`} className="text-base font-semibold">
          {T.images.title}
        </h2>
        {manage ? (
          <>
            <Button onClick={() => input.current?.click()} busy={upload.isPending} disabled={full || busy}>
              {upload.isPending ? T.images.uploading : T.images.add}
            </Button>
            <input ref={input} type="file" accept={TYPES.join(',')} multiple hidden onChange={picked} aria-label={T.images.add} data-testid="product-image-input" />
          </>
        ) : null}
      </div>
      {manage ? <p className="text-sm text-slate-700">{full ? T.images.full : T.images.hint}</p> : null}
      {images.isPending ? <Loading label={T.loading} /> : null}
      <ErrorNotice error={(images.error as ApiError | null) ?? problem} />
      {images.data && list.length === 0 ? <Notice>{T.images.empty}</Notice> : null}
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {list.map((image, index) => {
          const number = index + 1;
          const thumb = image.urls[0]!;
          return (
            <li key={image.id} className="rounded-lg border border-slate-200 bg-white p-2">
              <img
                src={thumb.url}
                width={thumb.width}
                height={thumb.height}
                alt={T.images.alt(number)}
                loading="lazy"
                className="aspect-square w-full rounded-md bg-slate-100 object-cover"
              />
              <p className="mt-1 text-xs text-slate-700">{index === 0 ? T.images.main : T.images.numbered(number)}</p>
              {manage ? (
                <div className="mt-1 flex flex-wrap gap-1">
                  <Button variant="ghost" className="px-2" disabled={index === 0 || busy} onClick={() => move(index, -1)} aria-label={T.images.moveUp(number)}>
                    ↑
                  </Button>
                  <Button variant="ghost" className="px-2" disabled={index === list.length - 1 || busy} onClick={() => move(index, 1)} aria-label={T.images.moveDown(number)}>
                    ↓
                  </Button>
                  <Button variant="ghost" className="px-2 text-red-800" onClick={() => setDeleting({ image, number })} aria-label={T.images.removeNumbered(number)}>
                    {T.images.remove}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title={T.images.removeTitle}
        description={deleting ? T.images.removeConfirm(deleting.number) : ''}
        confirmLabel={T.images.remove}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.image.id)}
      >
        <ErrorNotice error={remove.error} />
      </ConfirmDialog>
    </section>
  );
}
