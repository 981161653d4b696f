// TypeBox contracts of the follow-up templates' routes (openapi/dashboard.json; issue 34 §2).
import { Type } from 'typebox';
import { FOLLOW_UP_STEPS, METHOD_KINDS } from './follow-up-steps.js';
import { FOLLOW_UP_TEXT_MAX } from './store-templates.js';

const Step = Type.Union(FOLLOW_UP_STEPS.map((s) => Type.Literal(s)));
const OwnText = Type.Union([Type.String({ maxLength: FOLLOW_UP_TEXT_MAX }), Type.Null()], {
  description: `The store's own text (line breaks and emoji kept; at most ${FOLLOW_UP_TEXT_MAX} characters), placeholders written {name}; null or blank: the default.`,
});
const Texts = (description: string, text: typeof OwnText | ReturnType<typeof Type.String>) =>
  Type.Object(Object.fromEntries(METHOD_KINDS.map((m) => [m, text])) as Record<(typeof METHOD_KINDS)[number], typeof text>, { additionalProperties: false, description });

export const StepParams = Type.Object({ step: Step }, { additionalProperties: false });

export const StepTemplatesBody = Type.Object(
  {
    step: Step,
    statuses: Type.Array(Type.String(), { description: 'The order statuses the step fits (its button shows on orders in them).' }),
    texts: Texts("The store's own texts per payment method (gateway: Midtrans or Xendit; an order without a method gets bank_transfer's); null: the default.", OwnText),
    defaults: Texts('The default texts.', Type.String()),
  },
  { additionalProperties: false },
);

export const TemplatesBody = Type.Object(
  {
    templates: Type.Array(StepTemplatesBody, { description: 'Every step: fu1-fu4 (pending), closing, paid, shipped, cancelled.' }),
    placeholders: Type.Array(Type.String(), { description: 'The placeholders every template may use, without braces.' }),
  },
  { additionalProperties: false },
);

export const StepTextsBody = Type.Object(
  { bank_transfer: OwnText, cod: OwnText, gateway: OwnText },
  { additionalProperties: false, description: 'All three texts of the step, each replacing the stored one.' },
);
