// TypeBox contracts of the home routes (openapi/dashboard.json).
import { Type } from 'typebox';
import { HALTS, PROVIDERS } from '../messaging/automation.js';

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
    rotation: Type.Object(
      {
        mode: Type.Union([Type.Literal('off'), Type.Literal('round_robin'), Type.Literal('weighted')], { description: 'The CS rotation\'s mode (`GET /dashboard/api/rotation`).' }),
        members: Type.Integer({ minimum: 0, description: 'Members in the rotation.' }),
        on_duty: Type.Integer({ minimum: 0, description: 'Members of the rotation on duty. With the rotation on and none, new orders stay unassigned.' }),
        me: Type.Object(
          { in_rotation: Type.Boolean(), on_duty: Type.Boolean({ description: 'The caller\'s own duty (`PUT /dashboard/api/me/duty`); false outside the rotation.' }) },
          { additionalProperties: false },
        ),
        unassigned_pending: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'Pending orders assigned to nobody; null for a CS (who sees only their own orders).' }),
      },
      { additionalProperties: false },
    ),
    messaging: Type.Union(
      [
        Type.Object(
          {
            provider: Type.Union([...PROVIDERS.map((p) => Type.Literal(p)), Type.Null()], { description: 'The store\'s messaging provider (`GET /dashboard/api/messaging`); null: automation off.' }),
            halted: Type.Union([...HALTS.map((h) => Type.Literal(h)), Type.Null()], {
              description: '`token`: the Cloud API refused the access token, the owner saves a new one; `device`: Fonnte\'s phone disconnected, reconnect it at Fonnte. Nothing is sent meanwhile. null: it sends.',
            }),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'The store\'s sending, for the owner and admins (settings:manage); null for a CS.' },
    ),
  },
  { additionalProperties: false },
);
