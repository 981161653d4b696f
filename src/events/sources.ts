// Where a change of an order comes from: one list for the order history's `source` and the
// order.status_changed payload's alike (docs/events.md), so the two never disagree. SPEC names
// `api` (PATCH; its history actor is the key's name) and the dashboard and payment changes;
// `form`, `manual`, `import` and `system` are for the coming issues. Receivers treat the list
// as open (the SDK's union is): a later source must not break them. Only `api` changes carry
// SPEC's integration fields (changed_by, integration, external_reference).
export const CHANGE_SOURCES = {
  api: 'PATCH /api/order_status.php with an API key; the history actor is the key\'s connector name',
  dashboard: 'a member in the dashboard; the history actor is the member\'s name (or email) and actor_user_id their user id',
  payment: 'automatic payment confirmation by a gateway (pending -> closing); the actor is the gateway',
  cli: 'an operator with the lapak CLI (lapak order set-status); the actor is cli',
  form: 'the buyer, through the order form',
  manual: 'a change entered by hand for something that happened outside Lapak',
  import: 'an import of orders from a file',
  system: 'Lapak itself, with no person behind the change',
} as const;

export type ChangeSource = keyof typeof CHANGE_SOURCES;

export const CHANGE_SOURCE_NAMES = Object.keys(CHANGE_SOURCES) as ChangeSource[];
