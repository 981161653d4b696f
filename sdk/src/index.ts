export { Lapak, OPERATION_METHODS, SDK_VERSION, type CallOptions, type LapakOptions, type ResponseMeta, type WithResponse } from './client.js';
export {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  LapakApiError,
  LapakError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnprocessableEntityError,
  type AnyErrorCode,
  type AuthFailureReason,
  type ErrorFamily,
} from './errors.js';
export { parseRateLimit, type RateLimitInfo, type RateLimitPolicy, type RateLimitWindow } from './rate-limit.js';
export {
  verifyWebhook,
  WebhookVerificationError,
  type ChangeSource,
  type OrderStatusChangedEvent,
  type UnknownWebhookEvent,
  type VerifyOptions,
  type WebhookEvent,
  type WebhookFailureReason,
  type WebhookHeaders,
  type WebhookTestEvent,
} from './webhooks.js';
export type * from './types.js';
export type { operations, paths } from './schema.js';
