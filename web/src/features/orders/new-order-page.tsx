// "Tambah pesanan" (issue 33 §2): a member enters an order a buyer placed over chat. The fields
// are the order form's: the product and one option of each of its variations, the quantity, the
// buyer, the courier and the payment method (bank transfer or COD, as the store and the product
// offer them). The server holds it to the form's rules and prices it as the form does (shipping
// rate, unique code); a refused field shows its reason beside it. An empty submit marks every
// missing field at once with its own text, before any request; the fee and the total show before
// saving, and a fee agreed with the buyer in chat may replace the rate's (`shipping_fee`). Saved,
// the new order's page opens.
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { can, useMe } from '../../api/use-session';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { Card, Loading, PageHeader } from '../../components/ui/page';
import { newPageKey } from '../../lib/page-key';
import { T } from '../../text/id';
import { choicesQuery, productsQuery, type Product } from '../products/use-products';
import { lastOrdersView } from './orders-search';
import { BUYER_FIELDS, BuyerFields, type BuyerField } from './buyer-fields';
import { AgreedFee, OrderSummary, parseFee } from './new-order-summary';
import { useEnterOrder, useProvinces, type EnterOrderBody } from './use-orders';

/** The methods an order entered by hand may take: a gateway's payment page is the form's thank-you page's. */
const HAND_METHODS = ['bank_transfer', 'cod'];

interface Draft {
  productId: string;
  options: string[];
  quantity: string;
  courier: string;
  paymentMethod: string;
  customer: Record<BuyerField, string>;
  /** A fee agreed with the buyer in chat replaces the rate's. */
  agreedFee: boolean;
  fee: string;
}

const EMPTY: Draft = {
  productId: '',
  options: [],
  quantity: '1',
  courier: '',
  paymentMethod: '',
  customer: Object.fromEntries(BUYER_FIELDS.map((f) => [f, ''])) as Record<BuyerField, string>,
  agreedFee: false,
  fee: '',
};

const REQUIRED_BUYER: BuyerField[] = ['name', 'phone', 'address', 'village', 'district', 'city', 'province', 'postal_code'];

/** Every field left empty (and an agreed fee that is no whole rupiah), each with its own text, keyed as the server's `fields`; the server judges the rest. */
function missingFields(draft: Draft, product: Product | undefined): Record<string, string> {
  const M = T.newOrder.missing;
  const marks: Record<string, string> = {};
  if (!product) marks.product_id = M.product!;
  product?.variants.forEach((variation, i) => {
    if (!draft.options[i]) marks[`variant.${i}`] = T.newOrder.missingOption(variation.dimension);
  });
  if (!/^\d{1,2}$/.test(draft.quantity.trim()) || Number(draft.quantity) < 1) marks.quantity = M.quantity!;
  for (const name of REQUIRED_BUYER) if (draft.customer[name].trim() === '') marks[`customer.${name}`] = M[name]!;
  if (draft.courier === '') marks.courier = M.courier!;
  if (draft.paymentMethod === '') marks.payment_method = M.payment_method!;
  if (draft.agreedFee && parseFee(draft.fee) === null) marks.shipping_fee = M.shipping_fee!;
  return marks;
}

/** The product's own choice narrows the store's (null or empty: all of the store's). */
const narrowed = (store: string[], product: string[] | null | undefined) => (product && product.length > 0 ? store.filter((x) => product.includes(x)) : store);

export function NewOrderPage() {
  const me = useMe();
  const products = useQuery(productsQuery);
  const choices = useQuery(choicesQuery);
  const provinces = useProvinces();
  // One key for this page: every save sends it, so a double click enters one order (issue 40 §1).
  const [pageKey] = useState(() => newPageKey('tambah-pesanan'));
  const enter = useEnterOrder(pageKey);
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  // After a first submit, every empty field is marked at once, and each mark goes as its field is filled.
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const list = products.data?.products ?? [];
  const product: Product | undefined = list.find((p) => String(p.id) === draft.productId);
  const couriers = narrowed(choices.data?.couriers ?? [], product?.couriers);
  const methods = narrowed(choices.data?.payment_methods ?? [], product?.payment_methods).filter((m) => HAND_METHODS.includes(m));
  const marks = tried ? missingFields(draft, product) : {};
  const fields: Record<string, string | undefined> = { ...(enter.error?.body.fields ?? {}), ...marks };
  const hasMarks = Object.keys(marks).length > 0;

  const buyer = (name: BuyerField, label: string) => ({
    label,
    value: draft.customer[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, customer: { ...draft.customer, [name]: event.target.value } }),
    error: fields[`customer.${name}`],
  });
  const submit = () => {
    setTried(true);
    if (Object.keys(missingFields(draft, product)).length > 0) {
      // The first marked field takes the focus, so a keyboard or screen reader starts there.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const quantity = Number(draft.quantity);
    const body: EnterOrderBody = {
      product_id: Number(draft.productId),
      variant: (product?.variants ?? []).map((_, i) => draft.options[i] ?? '').join(' / '),
      quantity: Number.isInteger(quantity) ? quantity : 0,
      courier: draft.courier,
      payment_method: draft.paymentMethod,
      ...(draft.agreedFee ? { shipping_fee: parseFee(draft.fee) } : {}),
      customer: { ...Object.fromEntries(BUYER_FIELDS.map((f) => [f, draft.customer[f].trim()])), email: draft.customer.email.trim() === '' ? null : draft.customer.email.trim() } as EnterOrderBody['customer'],
    };
    enter.mutate(body, { onSuccess: (order) => void navigate({ to: '/orders/$orderId', params: { orderId: String(order.id) } }) });
  };

  return (
    <>
      <Link to="/orders" search={lastOrdersView()} className="mb-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline">
        ← {T.newOrder.back}
      </Link>
      <PageHeader title={T.newOrder.title} lead={can(me, 'orders:all') ? T.newOrder.lead : `${T.newOrder.lead} ${T.newOrder.leadCs}`} />
      {products.isPending ? <Loading label={T.loading} /> : null}
      {products.isSuccess && list.length === 0 ? <Notice>{T.newOrder.noProducts}</Notice> : null}
      {list.length > 0 ? (
        <form
          ref={formRef}
          className="max-w-2xl space-y-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {hasMarks || enter.error?.body.fields ? <Notice tone="error">{T.newOrder.fixFields}</Notice> : <ErrorNotice error={enter.error} />}
          <Card title={T.newOrder.productTitle}>
            <div className="space-y-4">
              <SelectField
                label={T.newOrder.product}
                value={draft.productId}
                onChange={(event) => setDraft({ ...draft, productId: event.target.value, options: [], courier: '', paymentMethod: '' })}
                required
                error={fields.product_id}
              >
                <option value="">{T.newOrder.chooseProduct}</option>
                {list.map((p) => (
                  <option key={p.id} value={String(p.id)}>
                    {p.name}
                  </option>
                ))}
              </SelectField>
              {(product?.variants ?? []).map((variation, i) => (
                <SelectField
                  key={variation.dimension}
                  label={variation.dimension}
                  value={draft.options[i] ?? ''}
                  onChange={(event) => {
                    const options = [...draft.options];
                    options[i] = event.target.value;
                    setDraft({ ...draft, options });
                  }}
                  required
                  error={fields[`variant.${i}`] ?? (i === 0 ? fields.variant : undefined)}
                >
                  <option value="">{T.newOrder.chooseOption(variation.dimension)}</option>
                  {variation.options.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </SelectField>
              ))}
              <TextField
                label={T.newOrder.quantity}
                type="number"
                inputMode="numeric"
                min={1}
                max={99}
                value={draft.quantity}
                onChange={(event) => setDraft({ ...draft, quantity: event.target.value })}
                required
                error={fields.quantity}
              />
            </div>
          </Card>
          <Card title={T.newOrder.buyerTitle}>
            <div className="space-y-4">
              <BuyerFields field={buyer} emailLabel={T.newOrder.emailOptional} provinces={provinces} provincePlaceholder={T.newOrder.chooseProvince} />
            </div>
          </Card>
          <Card title={T.newOrder.shippingTitle}>
            <div className="space-y-4">
              {choices.isSuccess && couriers.length === 0 ? <Notice tone="warning">{T.newOrder.noCouriers}</Notice> : null}
              <SelectField label={T.newOrder.courier} value={draft.courier} onChange={(event) => setDraft({ ...draft, courier: event.target.value })} required error={fields.courier}>
                <option value="">{T.newOrder.chooseCourier}</option>
                {couriers.map((courier) => (
                  <option key={courier} value={courier}>
                    {courier}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={T.newOrder.payment}
                hint={T.newOrder.paymentHint}
                value={draft.paymentMethod}
                onChange={(event) => setDraft({ ...draft, paymentMethod: event.target.value })}
                required
                error={fields.payment_method}
              >
                <option value="">{T.newOrder.choosePayment}</option>
                {methods.map((method) => (
                  <option key={method} value={method}>
                    {T.orders.payment[method] ?? method}
                  </option>
                ))}
              </SelectField>
              <AgreedFee
                on={draft.agreedFee}
                amount={draft.fee}
                error={fields.shipping_fee}
                onToggle={(on) => setDraft({ ...draft, agreedFee: on })}
                onAmount={(fee) => setDraft({ ...draft, fee })}
              />
              <OrderSummary
                product={product}
                options={draft.options}
                quantity={draft.quantity}
                courier={draft.courier}
                province={draft.customer.province}
                paymentMethod={draft.paymentMethod}
                rates={choices.data?.rates ?? []}
                agreedFee={draft.agreedFee ? parseFee(draft.fee) : null}
              />
            </div>
          </Card>
          <Button type="submit" busy={enter.isPending} className="w-full sm:w-auto">
            {T.newOrder.submit}
          </Button>
        </form>
      ) : null}
    </>
  );
}
