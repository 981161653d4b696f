// The buyer's fields of an order, as the order form asks them: entered by hand (new-order-page.tsx)
// and edited on the order's page (buyer-card.tsx). The province is a choice among the 38 the order
// form offers (every member reads them); an order whose province is not one of them keeps it among
// the choices of its edit. Until the 38 have loaded, the field takes text.
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { hasLetters } from '../../lib/phone';
import { T } from '../../text/id';

export const BUYER_FIELDS = ['name', 'phone', 'email', 'address', 'village', 'district', 'city', 'province', 'postal_code'] as const;
export type BuyerField = (typeof BUYER_FIELDS)[number];

export interface BuyerFieldProps {
  label: string;
  value: string;
  onChange(event: { target: { value: string } }): void;
  error?: string;
}

export function BuyerFields({
  field,
  emailLabel,
  provinces,
  provincePlaceholder,
}: {
  field: (name: BuyerField, label: string) => BuyerFieldProps;
  emailLabel: string;
  provinces: string[];
  /** A first, empty choice of province that must be changed (a new order); without it the order's own province stays among the choices (an edit). */
  provincePlaceholder?: string;
}) {
  const province = field('province', T.orders.province);
  // A letter in the phone is said as it is typed (issue 40 §1); the server refuses it too, in the same words.
  const phone = field('phone', T.orders.phone);
  const phoneError = hasLetters(phone.value) ? T.orders.phoneLetters : phone.error;
  const choices = provincePlaceholder !== undefined || provinces.includes(province.value) ? provinces : [province.value, ...provinces];
  return (
    <>
      <TextField {...field('name', T.orders.name)} autoComplete="off" required />
      <TextField {...phone} error={phoneError} type="tel" inputMode="tel" autoComplete="off" required />
      <TextField {...field('email', emailLabel)} type="email" autoComplete="off" />
      <TextAreaField {...field('address', T.orders.address)} rows={2} required />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field('village', T.orders.village)} autoComplete="off" required />
        <TextField {...field('district', T.orders.district)} autoComplete="off" required />
        <TextField {...field('city', T.orders.city)} autoComplete="off" required />
        <TextField {...field('postal_code', T.orders.postalCode)} inputMode="numeric" autoComplete="off" required />
      </div>
      {provinces.length > 0 ? (
        <SelectField {...province} required={provincePlaceholder !== undefined}>
          {provincePlaceholder !== undefined ? <option value="">{provincePlaceholder}</option> : null}
          {choices.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
      ) : (
        <TextField {...province} hint={T.orders.provinceHint} autoComplete="off" required />
      )}
    </>
  );
}
