import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call, type ApiError } from '../../api/client';
import { Button } from '../../components/ui/button';
import { CopyField } from '../../components/ui/copy-field';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { T } from '../../text/id';
import { webhooksQuery } from './use-webhooks';

export function AddEndpointDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const add = useMutation<{ id: number; secret: string }, ApiError>({
    mutationFn: () => call(api.POST('/dashboard/api/webhooks', { body: { url, description } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey }),
  });
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      add.reset();
      setUrl('');
      setDescription('');
    }
  };
  const fields = add.error?.body.fields;
  const urlError = fields?.url ?? (add.error && add.error.status === 422 && !fields ? add.error.body.error : undefined);
  return (
    <Dialog open={open} onOpenChange={close} title={add.data ? T.webhooks.secretReady : T.webhooks.addTitle}>
      {add.data ? (
        <div className="space-y-4">
          <Notice tone="warning">{T.webhooks.secretOnce}</Notice>
          <CopyField label={T.webhooks.secretReady} value={add.data.secret} />
          <div className="flex justify-end">
            <Button onClick={() => close(false)}>{T.close}</Button>
          </div>
        </div>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate();
          }}
        >
          <TextField label={T.webhooks.url} type="url" inputMode="url" required maxLength={2048} placeholder="https://" value={url} onChange={(event) => setUrl(event.target.value)} error={urlError} />
          <TextField label={T.webhooks.description} maxLength={200} value={description} onChange={(event) => setDescription(event.target.value)} error={fields?.description} />
          <ErrorNotice error={urlError || fields ? null : add.error} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => close(false)}>
              {T.cancel}
            </Button>
            <Button type="submit" busy={add.isPending}>
              {T.webhooks.add}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
