// Tambah pesanan's costs before saving (issue 40 §4): the unit price × quantity, the shipping fee
// (the store's rate for the courier and province, or a fee agreed with the buyer in chat, which
// the order then takes: `shipping_fee`) and the total. The server prices the order again when it
// is saved, by the same rules (src/orders/core/price.ts, src/shipping/rates.ts feeFor); a bank
// transfer's unique code is drawn then, so it is only mentioned here.
import { CheckboxField, TextField } from '../../components/ui/field';
import { formatRupiah } from '../../lib/format';
import { T } from '../../text/id';
import type { Product } from '../products/use-products';

const N = T.newOrder;

export interface Rate {
  courier: string;
  province: string;
  fee: number;
}

/** The fee of a courier to a province: its own rate, else the courier's "*" rate (every other province), else null. */
export function rateFee(rates: readonly Rate[], courier: string, province: string): number | null {
  const own = rates.find((rate) => rate.courier === courier && rate.province === province);
  return (own ?? rates.find((rate) => rate.courier === courier && rate.province === '*'))?.fee ?? null;
}

/** The charged unit price of the chosen options: the combination's cell of the price matrix when the product has one, else its price. */
export function unitPriceOf(product: Product, options: readonly string[]): number | null {
  const indexes = product.variants.map((variation, i) => variation.options.indexOf(options[i] ?? ''));
  if (indexes.some((index) => index < 0)) return null;
  let cell: unknown = product.variant_prices;
  if (!Array.isArray(cell) || cell.length === 0) return product.price;
  for (const index of indexes) cell = Array.isArray(cell) ? cell[index] : undefined;
  return typeof cell === 'number' ? cell : product.price;
}

/** An agreed fee as typed ("15000" or "15.000"): whole rupiah, or null when it is not one. */
export function parseFee(text: string): number | null {
  const digits = text.trim().replace(/[.\s]/g, '');
  return /^\d{1,12}$/.test(digits) ? Number(digits) : null;
}

export function AgreedFee({ on, amount, error, onToggle, onAmount }: { on: boolean; amount: string; error?: string; onToggle(on: boolean): void; onAmount(amount: string): void }) {
  return (
    <div className="space-y-2">
      <CheckboxField label={N.agreedFee} hint={N.agreedFeeHint} checked={on} onChange={(event) => onToggle(event.target.checked)} />
      {on ? <TextField label={N.agreedFeeAmount} inputMode="numeric" autoComplete="off" value={amount} onChange={(event) => onAmount(event.target.value)} error={error} /> : null}
    </div>
  );
}

export function OrderSummary({ product, options, quantity, courier, province, paymentMethod, rates, agreedFee }: {
  product: Product | undefined;
  options: readonly string[];
  quantity: string;
  courier: string;
  province: string;
  paymentMethod: string;
  rates: readonly Rate[];
  /** The agreed fee when one is given (and valid), else null: the rate's. */
  agreedFee: number | null;
}) {
  const price = product ? unitPriceOf(product, options) : null;
  const count = /^\d{1,2}$/.test(quantity.trim()) && Number(quantity) >= 1 ? Number(quantity) : null;
  const rate = courier !== '' && province !== '' ? rateFee(rates, courier, province) : null;
  const fee = agreedFee ?? rate;
  const feeNote = agreedFee !== null ? N.feeAgreedNote : rate !== null ? N.feeOfRate(courier, province) : null;
  const subtotal = price !== null && count !== null ? price * count : null;
  return (
    <section aria-labelledby="order-summary-title" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm" data-testid="order-summary">
      <h3 id="order-summary-title" className="mb-2 font-semibold text-slate-900">
        {N.summaryTitle}
      </h3>
      <dl className="space-y-1">
        {subtotal !== null && price !== null && count !== null ? (
          <div className="flex justify-between gap-3">
            <dt className="text-slate-700">{N.subtotal(count, formatRupiah(price))}</dt>
            <dd className="font-medium tabular-nums">{formatRupiah(subtotal)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3">
          <dt className="text-slate-700">
            {N.shippingFee}
            {feeNote ? <span className="block text-xs text-slate-600">{feeNote}</span> : null}
          </dt>
          <dd className="text-right font-medium tabular-nums" data-testid="order-summary-fee">
            {fee !== null ? formatRupiah(fee) : courier !== '' && province !== '' ? N.noRate : N.feeUnknown}
          </dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-1">
          <dt className="font-semibold text-slate-900">{N.total}</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="order-summary-total">
            {subtotal !== null && fee !== null ? formatRupiah(subtotal + fee) : N.totalPending}
          </dd>
        </div>
      </dl>
      {paymentMethod === 'bank_transfer' ? <p className="mt-2 text-xs text-slate-600">{N.uniqueCodeNote}</p> : null}
    </section>
  );
}
