// TypeBox contracts of the home routes (openapi/dashboard.json).
import { Type } from 'typebox';

const step = (description: string) => Type.Boolean({ description });

export const HomeBody = Type.Object(
  {
    checklist: Type.Object(
      {
        product: step('The store has a product.'),
        shipping: step('The store has at least one shipping rate.'),
        payment: step('The store saved its settings and offers a payment a buyer can complete: cash on delivery, a bank transfer with at least one account, or a gateway with its keys.'),
        snippet: step('A member recorded a copy of an embed snippet (`POST /dashboard/api/home/snippet-copied`).'),
        first_order: step('The store has an order.'),
        integration: step('The store has an active API key (neither revoked nor expired) or an enabled webhook endpoint.'),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
