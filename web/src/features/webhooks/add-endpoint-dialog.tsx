import { useState } from 'react';
import { Dialog, DialogForm, ShownOnce } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { ErrorNotice } from '../../components/ui/notice';
import { T } from '../../text/id';
import { useAddEndpoint } from './use-webhooks';

export function AddEndpointDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const add = useAddEndpoint();
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
        <ShownOnce warning={T.webhooks.secretOnce} label={T.webhooks.secretReady} value={add.data.secret} onClose={() => close(false)} />
      ) : (
        <DialogForm onSubmit={() => add.mutate({ url, description })} onCancel={() => close(false)} submitLabel={T.webhooks.add} busy={add.isPending}>
          <TextField label={T.webhooks.url} type="url" inputMode="url" required maxLength={2048} placeholder="https://" value={url} onChange={(event) => setUrl(event.target.value)} error={urlError} />
          <TextField label={T.webhooks.description} maxLength={200} value={description} onChange={(event) => setDescription(event.target.value)} error={fields?.description} />
          <ErrorNotice error={urlError || fields ? null : add.error} />
        </DialogForm>
      )}
    </Dialog>
  );
}
