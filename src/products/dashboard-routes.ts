// The product editor's one session route under /dashboard/api/ (the products themselves live
// on SPEC's dashboard path of /api/products.php): what the store offers, so the editor can
// offer a subset of it per product.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, dashboardErrors, jsonResponse } from '../dashboard/contract.js';
import { dashboardRoute } from '../dashboard/route.js';
import { readProductChoices } from './product-choices.js';

const Choices = Type.Object(
  {
    payment_methods: Type.Array(Type.String(), { description: "The store's payment methods (`bank_transfer`, `cod`, `gateway`), in its order." }),
    couriers: Type.Array(Type.String(), { description: "The store's couriers: those of its shipping rates." }),
    provinces: Type.Array(Type.String(), { description: "The 38 provinces, in the order form's order: an order's province is one of them (Tambah pesanan, the buyer's edit)." }),
    rates: Type.Array(
      Type.Object(
        {
          courier: Type.String(),
          province: Type.String({ description: 'One of the 38, or `*`: every province without its own rate.' }),
          fee: Type.Integer({ minimum: 0, description: 'Rupiah.' }),
        },
        { additionalProperties: false },
      ),
      { description: "The store's shipping rates, as the order form shows them to any buyer: the fee of an order entered by hand, shown before it is saved." },
    ),
  },
  { additionalProperties: false },
);

export function productDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/products/choices',
    access: 'products:read',
    contract: {
      operationId: 'getProductChoices',
      summary: "The store's payment methods and couriers a product may offer a subset of, the 38 provinces and the shipping rates",
      description: 'Any member (`products:read`).',
      tags: ['Products'],
      security: [{ [SESSION_SCHEME]: [] }],
      response: { 200: jsonResponse('What the store offers.', Choices), ...dashboardErrors([...SESSION_CODES, ...COMMON_CODES]) },
    },
    handler: async ({ session }) => ({ status: 200, body: await readProductChoices(ctx.db, session.tenantId) }),
  });
}
