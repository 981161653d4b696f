// A product's images in the editor: upload (the phone's gallery or camera through the file
// picker), thumbnails in their order, move up/down, delete after a confirmation. The server
// decides what it accepts; its refusal texts are shown as they are. A member without
// products:manage (CS) sees the images without the buttons.
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import type { ApiError } from '../../api/client';
import { can, useMe } from '../../api/use-session';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { Loading } from '../../components/ui/page';
import { T } from '../../text/id';
import { IMAGE_TYPES, MAX_IMAGES, productImagesQuery, useDeleteImage, useReorderImages, useUploadImages, type Image } from './use-products';

export function ProductImages({ productId }: { productId: number }) {
  const manage = can(useMe(), 'products:manage');
  const images = useQuery(productImagesQuery(productId));
  const input = useRef<HTMLInputElement>(null);
  // The last refusal of an upload or a move, until the next one starts.
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [deleting, setDeleting] = useState<{ image: Image; number: number } | null>(null);
  const upload = useUploadImages(productId);
  const reorder = useReorderImages(productId);
  const remove = useDeleteImage(productId);

  const list = images.data?.images ?? [];
  const full = list.length >= MAX_IMAGES;
  const busy = upload.isPending || reorder.isPending;

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setProblem(null);
    upload.mutate(files, { onError: setProblem });
  };
  const move = (index: number, by: -1 | 1) => {
    const order = list.map((image) => image.id);
    [order[index], order[index + by]] = [order[index + by]!, order[index]!];
    setProblem(null);
    reorder.mutate(order, { onError: setProblem });
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
            <input ref={input} type="file" accept={IMAGE_TYPES.join(',')} multiple hidden onChange={picked} aria-label={T.images.add} data-testid="product-image-input" />
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
                  <Button variant="ghost" className="min-w-11 px-2" disabled={index === 0 || busy} onClick={() => move(index, -1)} aria-label={T.images.moveUp(number)}>
                    ↑
                  </Button>
                  <Button variant="ghost" className="min-w-11 px-2" disabled={index === list.length - 1 || busy} onClick={() => move(index, 1)} aria-label={T.images.moveDown(number)}>
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
        onConfirm={() => deleting && remove.mutate(deleting.image.id, { onSuccess: () => setDeleting(null) })}
      >
        <ErrorNotice error={remove.error} />
      </ConfirmDialog>
    </section>
  );
}
