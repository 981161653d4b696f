// One order's invoice, A4 (issue 44 §1): the store, the buyer, the item with its price, shipping,
// the unique code, the total, and how it was (or is to be) paid.
import { formatDate, formatRupiah } from '../../lib/format';
import { T } from '../../text/id';
import { addressLine, localPhone } from './label-sheet';
import type { PrintSheets, Sheet } from './use-printing';

export function InvoiceSheet({ order, sender, store }: { order: Sheet; sender: PrintSheets['sender']; store: PrintSheets['store'] }) {
  const c = order.customer;
  const items = order.unit_price * order.quantity;
  const storePhone = sender?.phone ?? store.whatsapp_number;
  return (
    <article className="print-sheet invoice-sheet flex flex-col gap-6 bg-white p-[12mm] text-[11pt] leading-snug text-black" aria-label={T.printing.invoiceNumber(order.id)}>
      <header className="flex items-start justify-between gap-6 border-b-2 border-black pb-4">
        <div>
          <p className="text-[18pt] font-bold">{store.name}</p>
          {sender ? <p>{addressLine([sender.address, sender.district, sender.city, sender.province, sender.postal_code])}</p> : null}
          {storePhone ? <p>{localPhone(storePhone)}</p> : null}
        </div>
        <div className="text-right">
          <p className="text-[20pt] font-extrabold tracking-wide">{T.printing.invoice}</p>
          <p>{T.printing.invoiceNumber(order.id)}</p>
          <p>
            {T.printing.date}: {formatDate(order.created_at)}
          </p>
        </div>
      </header>
      <section>
        <p className="text-[9pt] font-semibold uppercase">{T.printing.billTo}</p>
        <p className="font-bold">{c.name}</p>
        <p>{localPhone(c.phone)}</p>
        <p>{addressLine([c.address, c.village, c.district, c.city, c.province, c.postal_code])}</p>
      </section>
      <table className="w-full border-collapse">
        <thead>
          <tr className="border-b border-black text-left">
            <th className="py-2 font-semibold">{T.printing.product}</th>
            <th className="py-2 text-right font-semibold">{T.printing.qty}</th>
            <th className="py-2 text-right font-semibold">{T.printing.price}</th>
            <th className="py-2 text-right font-semibold">{T.printing.subtotal}</th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-slate-400">
            <td className="py-2">{addressLine([order.product, order.variant])}</td>
            <td className="py-2 text-right">{order.quantity}</td>
            <td className="py-2 text-right">{formatRupiah(order.unit_price)}</td>
            <td className="py-2 text-right">{formatRupiah(items)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3} className="pt-2 text-right">
              {T.printing.shipping(order.courier)}
            </td>
            <td className="pt-2 text-right">{formatRupiah(order.shipping_fee)}</td>
          </tr>
          {order.unique_code ? (
            <tr>
              <td colSpan={3} className="text-right">
                {T.printing.uniqueCode}
              </td>
              <td className="text-right">{formatRupiah(order.unique_code)}</td>
            </tr>
          ) : null}
          <tr className="text-[13pt] font-bold">
            <td colSpan={3} className="pt-2 text-right">
              {T.printing.total}
            </td>
            <td className="pt-2 text-right">{formatRupiah(order.total)}</td>
          </tr>
        </tfoot>
      </table>
      <section className="flex items-center justify-between gap-4 border-t border-black pt-4">
        <p>
          {T.printing.paidVia}: <span className="font-semibold">{T.printing.methods[order.payment_method] ?? order.payment_method}</span>
        </p>
        <p className={`rounded px-3 py-1 text-[13pt] font-extrabold tracking-wider ${order.paid ? 'border-2 border-black' : 'border-2 border-dashed border-black'}`}>{order.paid ? T.printing.paid : T.printing.unpaid}</p>
      </section>
      <p className="mt-auto text-center">{T.printing.thanks}</p>
    </article>
  );
}
