// The order's shipping: the courier, the resi (entered or corrected here; the move to "Dikirim"
// takes one too) and the courier's public tracking page for it, when the courier is one the
// server knows (its one table of tracking links). Changing the courier changes no fee or total.
// Its label and invoice open on the print page.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { Dialog, DialogForm } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { Card, Facts } from '../../components/ui/page';
import { T } from '../../text/id';
import { choicesQuery } from '../products/use-products';
import { useEditOrder, type Order } from './use-orders';

export function ShippingCard({ order }: { order: Order }) {
  const edit = useEditOrder(order.id);
  const [resi, setResi] = useState(order.resi ?? '');
  const [shownResi, setShownResi] = useState(order.resi);
  // The order's resi changed (a move with a resi, another member): the field shows it.
  if (shownResi !== order.resi) {
    setShownResi(order.resi);
    setResi(order.resi ?? '');
  }
  const [editingCourier, setEditingCourier] = useState(false);
  return (
    <Card title={T.orders.shippingTitle}>
      <Facts
        items={[
          [T.orders.courier, order.courier],
          [T.orders.resi, order.resi ? <span className="break-all font-mono">{order.resi}</span> : T.orders.noResi],
        ]}
      />
      {order.tracking_url ? (
        <a href={order.tracking_url} target="_blank" rel="noopener noreferrer" className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline" aria-label={T.orders.trackLabel(order.courier)}>
          {T.orders.track} ↗
        </a>
      ) : null}
      <form
        className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          edit.mutate({ resi: resi.trim() === '' ? null : resi.trim() });
        }}
      >
        <div className="min-w-0 flex-1">
          <TextField label={T.orders.resi} hint={T.orders.resiHint} value={resi} onChange={(event) => setResi(event.target.value)} autoComplete="off" autoCapitalize="characters" maxLength={60} error={edit.error?.body.fields?.resi} />
        </div>
        <Button type="submit" variant="secondary" busy={edit.isPending} className="sm:mb-6">
          {T.orders.saveResi}
        </Button>
      </form>
      {edit.isSuccess ? <Notice tone="success">{T.orders.saved}</Notice> : null}
      {edit.error && !edit.error.body.fields ? <ErrorNotice error={edit.error} /> : null}
      <Button variant="ghost" className="mt-2 -ml-4" onClick={() => setEditingCourier(true)}>
        {T.orders.editCourier}
      </Button>
      {/* This order's label or invoice alone (issue 44): the print page, as the list's bulk bar opens it. */}
      <div className="mt-2 grid grid-cols-2 gap-2 sm:flex">
        <Link to="/orders/print" search={{ kind: 'labels', ids: String(order.id) }} className={buttonClass('secondary')}>
          {T.printing.printLabels}
        </Link>
        <Link to="/orders/print" search={{ kind: 'invoices', ids: String(order.id) }} className={buttonClass('secondary')}>
          {T.printing.printInvoices}
        </Link>
      </div>
      {editingCourier ? <CourierDialog order={order} onClose={() => setEditingCourier(false)} /> : null}
    </Card>
  );
}

function CourierDialog({ order, onClose }: { order: Order; onClose(): void }) {
  const edit = useEditOrder(order.id);
  const choices = useQuery(choicesQuery);
  const [courier, setCourier] = useState(order.courier);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={T.orders.editCourier} description={T.orders.editNote}>
      <DialogForm onSubmit={() => edit.mutate({ courier: courier.trim() }, { onSuccess: onClose })} onCancel={onClose} submitLabel={T.save} busy={edit.isPending}>
        <TextField
          label={T.orders.courier}
          hint={T.orders.courierHint}
          value={courier}
          onChange={(event) => setCourier(event.target.value)}
          list="order-couriers"
          required
          maxLength={40}
          autoComplete="off"
          error={edit.error?.body.fields?.courier}
        />
        <datalist id="order-couriers">
          {(choices.data?.couriers ?? []).map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        {edit.error && !edit.error.body.fields ? <ErrorNotice error={edit.error} /> : null}
      </DialogForm>
    </Dialog>
  );
}
