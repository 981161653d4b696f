// "Tambah pesanan" (issue 33 §2): a member enters an order a buyer placed over chat. The fields
// are the order form's: the product and one option of each of its variations, the quantity, the
// buyer, the courier and the payment method (bank transfer or COD, as the store and the product
// offer them). The server holds it to the form's rules and prices it as the form does (shipping
// rate, unique code); a refused field shows its reason beside it. Saved, the new order's page opens.
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
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
}

const EMPTY: Draft = {
  productId: '',
  options: [],
  quantity: '1',
  courier: '',
  paymentMethod: '',
  customer: Object.fromEntries(BUYER_FIELDS.map((f) => [f, ''])) as Record<BuyerField, string>,
};

/** The product's own choice narrows the store's (null or empty: all of the store's). */
const narrowed = (store: string[], product: string[] | null | undefined) => (product && product.length > 0 ? store.filter((x) => product.includes(x)) : store);

export function NewOrderPage() {
  const me = useMe();
  const products = useQuery(productsQuery);
  const choices = useQuery(choicesQuery);
  const provinces = useProvinces(me);
  // One key for this page: every save sends it, so a double click enters one order (issue 40 §1).
  const [pageKey] = useState(() => newPageKey('tambah-pesanan'));
  const enter = useEnterOrder(pageKey);
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const list = products.data?.products ?? [];
  const product: Product | undefined = list.find((p) => String(p.id) === draft.productId);
  const couriers = narrowed(choices.data?.couriers ?? [], product?.couriers);
  const methods = narrowed(choices.data?.payment_methods ?? [], product?.payment_methods).filter((m) => HAND_METHODS.includes(m));
  const fields = enter.error?.body.fields ?? {};

  const buyer = (name: BuyerField, label: string) => ({
    label,
    value: draft.customer[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, customer: { ...draft.customer, [name]: event.target.value } }),
    error: fields[`customer.${name}`],
  });
  const submit = () => {
    const quantity = Number(draft.quantity);
    const body: EnterOrderBody = {
      product_id: Number(draft.productId),
      variant: (product?.variants ?? []).map((_, i) => draft.options[i] ?? '').join(' / '),
      quantity: Number.isInteger(quantity) ? quantity : 0,
      courier: draft.courier,
      payment_method: draft.paymentMethod,
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
          className="max-w-2xl space-y-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {enter.error?.body.fields ? <Notice tone="error">{T.newOrder.fixFields}</Notice> : <ErrorNotice error={enter.error} />}
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
                  error={i === 0 ? fields.variant : undefined}
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
