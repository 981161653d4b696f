// The payment methods and couriers this product's form offers (none ticked: all the store offers).
import { useQuery } from '@tanstack/react-query';
import { CheckboxField } from '../../components/ui/field';
import { Card } from '../../components/ui/page';
import { T } from '../../text/id';
import type { SectionProps } from './product-draft';
import { choicesQuery } from './use-products';

export function OfferSection({ draft, set, errors }: SectionProps) {
  const choices = useQuery(choicesQuery);
  const toggle = (key: 'paymentMethods' | 'couriers', value: string, on: boolean) => set(key, on ? [...draft[key], value] : draft[key].filter((v) => v !== value));
  return (
    <Card title={T.products.offerTitle}>
      <p className="-mt-2 mb-3 text-sm text-slate-700">{T.products.offerLead}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-semibold">{T.products.paymentMethods}</legend>
          {(choices.data?.payment_methods ?? []).map((method) => (
            <CheckboxField key={method} label={T.products.paymentLabels[method] ?? method} checked={draft.paymentMethods.includes(method)} onChange={(e) => toggle('paymentMethods', method, e.target.checked)} />
          ))}
          {errors.field('payment_methods') ? <p className="text-sm font-medium text-red-700">{errors.field('payment_methods')}</p> : null}
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-semibold">{T.products.couriers}</legend>
          {choices.data && choices.data.couriers.length === 0 ? <p className="text-sm text-slate-700">{T.products.noCouriers}</p> : null}
          {(choices.data?.couriers ?? []).map((courier) => (
            <CheckboxField key={courier} label={courier} checked={draft.couriers.includes(courier)} onChange={(e) => toggle('couriers', courier, e.target.checked)} />
          ))}
          {errors.field('couriers') ? <p className="text-sm font-medium text-red-700">{errors.field('couriers')}</p> : null}
        </fieldset>
      </div>
    </Card>
  );
}
