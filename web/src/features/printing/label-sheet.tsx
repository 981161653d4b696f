// One parcel's label, 100×150 mm (issue 44 §1): the courier and COD mark on top, the resi as a
// Code 128 barcode (without one, the order number, marked "RESI BELUM ADA"), the recipient with
// phone and full address, the sender, the COD amount large, and what the parcel holds.
import { formatRupiah } from '../../lib/format';
import { T } from '../../text/id';
import { Barcode } from './barcode';
import type { PrintSheets, Sheet } from './use-printing';

/** An address on one line, its empty parts left out. */
export const addressLine = (parts: Array<string | null | undefined>): string => parts.filter((p) => p && p.trim() !== '').join(', ');

/** International digits shown as a local number: 6281… → 081… */
export const localPhone = (phone: string): string => (phone.startsWith('62') ? `0${phone.slice(2)}` : phone);

export function LabelSheet({ order, sender, store }: { order: Sheet; sender: PrintSheets['sender']; store: PrintSheets['store'] }) {
  const c = order.customer;
  const code = order.resi ?? String(order.id);
  const cod = order.cod_amount !== null;
  return (
    <article className="print-sheet label-sheet flex flex-col gap-[2mm] bg-white p-[4mm] text-[3.2mm] leading-tight text-black" aria-label={T.printing.orderNumber(order.id)}>
      <header className="flex items-stretch justify-between gap-[2mm] border-b-[0.6mm] border-black pb-[2mm]">
        <div>
          <p className="text-[2.6mm] uppercase">{T.printing.courier}</p>
          <p className="text-[5.5mm] font-bold">{order.courier}</p>
        </div>
        <p className={`flex items-center rounded-[1mm] px-[3mm] text-[6mm] font-extrabold ${cod ? 'bg-black text-white' : 'border-[0.5mm] border-black'}`}>{cod ? T.printing.cod : T.printing.notCod}</p>
      </header>
      <section>
        <Barcode value={code} className="h-[18mm]" />
        <p className="mt-[1mm] text-center font-mono text-[4.2mm] font-bold tracking-wide">
          {order.resi ? `${T.printing.resi}: ${order.resi}` : T.printing.orderNumber(order.id)}
        </p>
        {order.resi ? null : <p className="mt-[1mm] border-[0.5mm] border-black text-center text-[4.5mm] font-extrabold tracking-widest">{T.printing.noResi}</p>}
      </section>
      <section className="border-t-[0.3mm] border-black pt-[2mm]">
        <p className="text-[2.6mm] uppercase">{T.printing.recipient}</p>
        <p className="text-[4.6mm] font-bold">{c.name}</p>
        <p className="text-[3.8mm] font-semibold">{localPhone(c.phone)}</p>
        <p className="text-[3.4mm]">{addressLine([c.address, c.village, c.district, c.city, c.province, c.postal_code])}</p>
      </section>
      <section className="border-t-[0.3mm] border-black pt-[2mm]">
        <p className="text-[2.6mm] uppercase">{T.printing.sender}</p>
        {sender ? (
          <>
            <p className="font-semibold">
              {sender.name} · {localPhone(sender.phone)}
            </p>
            <p className="text-[2.9mm]">{addressLine([sender.address, sender.district, sender.city, sender.province, sender.postal_code])}</p>
          </>
        ) : (
          <p className="font-semibold">
            {store.name}
            {store.whatsapp_number ? ` · ${localPhone(store.whatsapp_number)}` : ''}
          </p>
        )}
      </section>
      {cod ? (
        <section className="rounded-[1mm] border-[0.6mm] border-black p-[2mm] text-center">
          <p className="text-[3mm] font-semibold uppercase">{T.printing.codCollect}</p>
          <p className="text-[8mm] font-extrabold leading-none">{formatRupiah(order.cod_amount!)}</p>
        </section>
      ) : null}
      <section className="mt-auto border-t-[0.3mm] border-black pt-[2mm]">
        <p className="text-[2.6mm] uppercase">{T.printing.items}</p>
        <p className="font-semibold">
          {addressLine([order.product, order.variant])} × {T.printing.quantity(order.quantity)}
        </p>
        <p className="mt-[1mm] text-[2.6mm]">{T.printing.orderNumber(order.id)}</p>
      </section>
    </article>
  );
}
