// Expected outcomes of the endpoint and delivery operations, as values: the CLI prints
// `error` as its one line on stderr (the dashboard will show it the same way).
export type WebhookResult<T> = { ok: true; value: T } | { ok: false; error: string };
