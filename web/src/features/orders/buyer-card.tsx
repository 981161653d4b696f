// The buyer of the order, with the full address, and the edit of their name, phone, email and
// address under the order form's rules (the server names a field that breaks one). An edit
// changes no price, fee or total, as the dialog says; only the fields changed are sent, and each
// becomes a history entry with its old and new values.
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogForm } from '../../components/ui/dialog';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { Card, Facts } from '../../components/ui/page';
import { formatWhatsApp } from '../../lib/phone';
import { waChatLink } from '../../lib/wa-link';
import { T } from '../../text/id';
import { BUYER_FIELDS, BuyerFields, type BuyerField } from './buyer-fields';
import { useEditOrder, useProvinces, type Customer, type Order } from './use-orders';

type Draft = Record<BuyerField, string>;

const draftOf = (customer: Customer): Draft => ({ ...customer, phone: formatWhatsApp(customer.phone), email: customer.email ?? '' });

export function BuyerCard({ order }: { order: Order }) {
  // Read with the page, so that the dialog opens with the 38 to choose from.
  const provinces = useProvinces();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const c = order.customer;
  return (
    <Card title={T.orders.buyerTitle}>
      <Facts
        items={[
          [T.orders.name, c.name],
          [T.orders.phone, formatWhatsApp(c.phone)],
          [T.orders.email, c.email ?? T.none, 'wide'],
        ]}
      />
      {/* The address is read as one block, as a courier's label writes it. */}
      <dl className="mt-2 text-sm">
        <dt className="text-slate-600">{T.orders.address}</dt>
        <dd className="break-words font-medium text-slate-900">
          {c.address}, {c.village}, {c.district}, {c.city}, {c.province} {c.postal_code}
        </dd>
      </dl>

      {saved ? (
        <div className="mt-3">
          <Notice tone="success">{T.orders.saved}</Notice>
        </div>
      ) : null}
      <div className="mt-2 flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:gap-4">
        <a href={waChatLink(c.phone)} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline">
          {T.orders.chatBuyer} ↗
        </a>
        <Button
          variant="secondary"
          onClick={() => {
            setSaved(false);
            setEditing(true);
          }}
        >
          {T.orders.editBuyer}
        </Button>
      </div>
      {editing ? (
        <BuyerDialog
          order={order}
          provinces={provinces}
          onClose={(changed) => {
            setEditing(false);
            setSaved(changed);
          }}
        />
      ) : null}
    </Card>
  );
}

function BuyerDialog({ order, provinces, onClose }: { order: Order; provinces: string[]; onClose(changed: boolean): void }) {
  const edit = useEditOrder(order.id);
  const [draft, setDraft] = useState(() => draftOf(order.customer));
  const before = draftOf(order.customer);
  const fields = edit.error?.body.fields ?? {};
  const field = (name: BuyerField, label: string) => ({
    label,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
    error: fields[`customer.${name}`],
  });
  const submit = () => {
    // Only what changed: an untouched field writes no history entry (the server skips equal values too).
    const changed = BUYER_FIELDS.filter((name) => draft[name].trim() !== before[name].trim());
    if (changed.length === 0) return onClose(false);
    const customer = Object.fromEntries(changed.map((name) => [name, name === 'email' && draft.email.trim() === '' ? null : draft[name].trim()]));
    edit.mutate({ customer }, { onSuccess: () => onClose(true) });
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose(false))} title={T.orders.editBuyer} description={T.orders.editNote}>
      <DialogForm onSubmit={submit} onCancel={() => onClose(false)} submitLabel={T.save} busy={edit.isPending}>
        <BuyerFields field={field} emailLabel={T.orders.email} provinces={provinces} />
        {edit.error && !edit.error.body.fields ? <ErrorNotice error={edit.error} /> : null}
      </DialogForm>
    </Dialog>
  );
}
