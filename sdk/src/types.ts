// The public types, derived from the generated schema.ts (openapi/lapak.json). Responses are
// "open": every string enum also accepts any other string, so a status or value the server
// adds later compiles and runs in code written today. Request bodies stay closed: the SDK
// only sends what the contract allows.
import type { operations } from './schema.js';

/** The operations the client calls: those of the document's paths, not its webhooks (what Lapak sends; webhooks.ts). */
export type OperationId = Exclude<keyof operations, 'orderStatusChanged'>;

/** A string-literal union that also admits any other string (autocompletion is kept). */
export type OpenString<T extends string> = T | (string & {});

/** T with every string-literal union opened, recursively. */
export type Open<T> = T extends string
  ? string extends T
    ? T
    : OpenString<T>
  : T extends readonly (infer U)[]
    ? Open<U>[]
    : T extends object
      ? { [K in keyof T]: Open<T[K]> }
      : T;

type Responses<O extends OperationId> = operations[O]['responses'];
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body of one response status of an operation, as the document describes it. */
export type ResponseBody<O extends OperationId, S extends keyof Responses<O>> = JsonOf<Responses<O>[S]>;

/** The JSON request body of an operation. */
export type RequestBody<O extends OperationId> = operations[O] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

type ErrorStatuses<O extends OperationId> = Exclude<keyof Responses<O>, 200 | 201>;
type CodeOf<B> = B extends { code: infer C } ? C : never;

/** Every `code` an operation's error answers can carry (open: future codes are strings too). */
export type ErrorCode<O extends OperationId> = OpenString<Extract<CodeOf<JsonOf<Responses<O>[ErrorStatuses<O>]>>, string>>;

export type ProductEmbed = Open<ResponseBody<'getProductEmbed', 200>>;
export type DuplicatedProduct = Open<ResponseBody<'duplicateProduct', 201>>;
export type DuplicateProductInput = RequestBody<'duplicateProduct'>;
export type OrderResponse = Open<ResponseBody<'getOrder', 200>>;
export type Order = OrderResponse['order'];
export type OrderStatus = Order['status'];
export type SetOrderStatusInput = RequestBody<'updateOrderStatus'>;
export type StatusUpdateResult = Open<ResponseBody<'updateOrderStatus', 200>>;
export type CustomerLookupInput = RequestBody<'lookupCustomer'>;
export type CustomerLookup = Open<ResponseBody<'lookupCustomer', 200>>;
