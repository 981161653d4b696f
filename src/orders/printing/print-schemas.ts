// TypeBox contracts of printing in the dashboard (issue 44 §1; openapi/dashboard.json).
import { Type } from 'typebox';
import { Id, Nullable, Timestamp } from '../../lib/http/schema-parts.js';
import { SenderAddressSchema } from '../../shipping/sender-address.js';
import { Customer, Status } from '../workspace/order/dashboard-schemas.js';
import { PRINT_KINDS, PRINT_MAX } from './print-kinds.js';

const Kind = Type.Union(PRINT_KINDS.map((k) => Type.Literal(k)), { description: '`labels`: 100×150 mm, one a page; `invoices`: A4.' });
const Ids = `[1-9][0-9]{0,15}`;

export const PrintQuery = Type.Object(
  {
    kind: Kind,
    ids: Type.String({ pattern: `^${Ids}(,${Ids}){0,${PRINT_MAX - 1}}$`, description: `1 to ${PRINT_MAX} order ids, comma-separated, printed in this order (an id given twice: once).` }),
  },
  { additionalProperties: false },
);

export const PrintedBody = Type.Object(
  { kind: Kind, ids: Type.Array(Id, { minItems: 1, maxItems: PRINT_MAX, description: `1 to ${PRINT_MAX} order ids.` }) },
  { additionalProperties: false },
);

export const PrintedAnswer = Type.Object({ recorded: Type.Integer({ minimum: 1, description: 'Orders whose print was recorded.' }) }, { additionalProperties: false });

const Sheet = Type.Object(
  {
    id: Id,
    status: Status,
    created_at: Timestamp,
    product: Type.String(),
    variant: Type.String(),
    quantity: Type.Integer({ minimum: 1 }),
    unit_price: Type.Integer(),
    shipping_fee: Type.Integer(),
    unique_code: Nullable(Type.Integer()),
    total: Type.Integer({ description: 'What the buyer pays: items, shipping and the unique code.' }),
    payment_method: Type.String({ description: '`bank_transfer`, `cod`, `midtrans` or `xendit`.' }),
    paid: Type.Boolean({ description: 'The money is in: a transfer from paid on, a gateway payment from closing on, COD once completed.' }),
    cod_amount: Nullable(Type.Integer({ description: 'COD: what the courier collects (the total); else null.' })),
    courier: Type.String(),
    resi: Nullable(Type.String({ description: 'Null: no resi yet (the label then carries the order number as its barcode, marked "RESI BELUM ADA").' })),
    tracking_url: Nullable(Type.String()),
    customer: Customer,
  },
  { additionalProperties: false },
);

export const PrintSheetsBody = Type.Object(
  {
    kind: Kind,
    store: Type.Object({ name: Type.String(), whatsapp_number: Nullable(Type.String()) }, { additionalProperties: false }),
    sender: Nullable(SenderAddressSchema),
    orders: Type.Array(Sheet, { description: 'In the order of `ids`.' }),
  },
  { additionalProperties: false },
);
