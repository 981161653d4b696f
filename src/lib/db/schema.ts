// Table types for Kysely. Times are epoch milliseconds (integer in SQLite, bigint in
// PostgreSQL, read back as numbers); flags are 0/1; JSON columns are text.
import type { Generated } from 'kysely';

export interface TenantTable {
  id: Generated<number>;
  name: string;
  active: number;
  // When set, the store works with a third-party fulfilment integration and an order
  // may only move to closing when its data is complete (SPEC: closing_incomplete).
  shipping_integration: string | null;
  opening_message_template: string | null;
  created_at: number;
  // 009-home-checklist: when the store first recorded a copy of its embed snippet.
  snippet_copied_at: number | null;
  // 013-store-settings-page: the store's IANA time zone; null: the server's TZ.
  time_zone: string | null;
  // 018 (moved from store_settings, 010): 0/1, bank-transfer orders get a unique code.
  unique_code: Generated<number>;
  /** 037: the burst rule's thresholds (src/orders/risk/): orders from one phone, form orders from one IP, within an hour. */
  burst_phone_limit: Generated<number>;
  burst_ip_limit: Generated<number>;
  /** 040: cancel pending orders this many days after they were placed (1-30); null: off (src/orders/auto-cancel/). */
  auto_cancel_days: number | null;
  /** 040: when auto-cancel was last turned on. */
  auto_cancel_on_at: number | null;
  /** 040: orders placed at or after this moment are subject to auto-cancel (0: every order, once the older ones were included). */
  auto_cancel_from: number | null;
}

export interface ProductTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  slug: string;
  price: number;
  sale_price: number | null;
  variants: string; // JSON: [{dimension, options[]}]
  variant_prices: string; // JSON
  variant_compare_prices: string; // JSON
  variant_display: string;
  meta_pixel_id: string | null;
  gtm_id: string | null;
  created_at: number;
  updated_at: number;
  description: Generated<string>; // 011
  weight_grams: Generated<number>; // 011
  payment_methods: string | null; // 011, JSON list; null: all the store offers
  couriers: string | null; // 011, JSON list; null: all the store's couriers
  tiktok_pixel_id: string | null; // 011
  deleted_at: number | null; // 011, soft deletion
}

/** A slug a product answered under before a rename: its form URL redirects (011). */
export interface ProductSlugRedirectTable {
  tenant_id: number;
  slug: string;
  product_id: number;
  created_at: number;
}

export interface OrderTable {
  id: Generated<number>;
  tenant_id: number;
  product_id: number;
  product_name: string;
  variant: string;
  quantity: number;
  unit_price: number;
  total: number;
  shipping_fee: number;
  courier: string;
  payment_method: string;
  resi: string | null;
  status: string;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  customer_address: string;
  customer_village: string;
  customer_district: string;
  customer_city: string;
  customer_province: string;
  customer_postal_code: string;
  ad_params: string; // JSON: {fbclid, gclid, utm_*}
  created_at: number;
  updated_at: number;
  // 014: the unique code in the total (bank transfer, store switch on), and the mark of an
  // order that should have had one but found none free.
  unique_code: number | null;
  transfer_manual_match: Generated<number>;
  // 019: the orders workspace (issue 32).
  source: string | null;
  assigned_user_id: number | null;
  utm_source: string | null;
  utm_campaign: string | null;
  // 025: the follow-up presses (issue 34 §2), written in the press's transaction.
  follow_up_count: Generated<number>;
  follow_up_last_step: string | null;
  /** 034: 1 when the last follow-up was the messaging automation's. */
  follow_up_last_automatic: Generated<number>;
  /** 035: when the buyer's unanswered reply came in; null once answered or handled. */
  buyer_reply_at: number | null;
  follow_up_last_at: number | null;
  // 026: the source of the last status change (src/events/sources.ts), for its feed row.
  status_source: string | null;
  /** 037: the flags not dismissed yet, sorted, comma-joined ('' none; src/orders/risk/flags.ts). */
  flags: Generated<string>;
  /** 037: 0/1, the dashboard's spam mark. */
  spam: Generated<number>;
  /** 038: 0/1, a label of the order was printed (src/orders/printing/). */
  label_printed: Generated<number>;
  // 042: the order's milestones (src/orders/core/milestones.ts) and first follow-ups, for insights.
  first_closed_at: number | null;
  first_paid_at: number | null;
  first_shipped_at: number | null;
  first_completed_at: number | null;
  first_manual_follow_up_at: number | null;
  first_auto_follow_up_at: number | null;
}

/** 037: an order's flag with its reason (src/orders/risk/). */
export interface OrderFlagTable {
  tenant_id: number;
  order_id: number;
  flag: string;
  reason: string;
  /** The other order a duplicate repeats. */
  related_order_id: number | null;
  created_at: number;
  dismissed_at: number | null;
  dismissed_by: number | null;
}

/** 037: a form order's buyer IP as a keyed hash, kept 30 days (the burst rule per IP). */
export interface OrderIpHashTable {
  order_id: number;
  tenant_id: number;
  ip_hash: string;
  created_at: number;
}

/** 039: an order's buyer page link /p/{token}: the token's keyed hash (found by it) and the token sealed (shown again). */
export interface BuyerLinkTable {
  tenant_id: number;
  order_id: number;
  token_hash: string;
  sealed_token: string;
  created_at: number;
}

/** 037: a store's blocked phones. */
export interface BlockedPhoneTable {
  tenant_id: number;
  phone: string;
  note: string;
  created_by: number | null;
  created_at: number;
}

/** 037: form orders refused for a blocked phone, per store and day (YYYY-MM-DD in the store's zone). */
export interface BlockedFormCountTable {
  tenant_id: number;
  day: string;
  count: number;
}

/** 025: a store's own texts of a follow-up step, per payment method; null: the default in code. */
export interface MessageTemplateTable {
  tenant_id: number;
  step: string;
  bank_transfer: string | null;
  cod: string | null;
  gateway: string | null;
  updated_at: number;
}

/** An internal note on an order, for the store's members only (019). */
export interface OrderNoteTable {
  id: Generated<number>;
  tenant_id: number;
  order_id: number;
  user_id: number;
  text: string;
  created_at: number;
}

/**
 * How many of a store's orders created on one UTC day (epoch ms of its midnight) are in each
 * status (one column per status since 027): in total (dimension 'store', value '') and per value
 * of each list filter (src/counts/dimensions.ts). Folded by the counts consumer (src/counts/).
 */
export const STATUS_COUNT_COLUMNS = ['pending', 'closing', 'invalid_no_hp', 'paid', 'cancelled', 'shipped', 'completed'] as const;
/** The counters' columns: a status each, and (037) `spam`, where a spam order counts instead of in its status. */
export const COUNTER_COLUMNS = [...STATUS_COUNT_COLUMNS, 'spam'] as const;
export type StatusCountColumns = Record<(typeof COUNTER_COLUMNS)[number], number>;

export interface OrderCountTable extends StatusCountColumns {
  tenant_id: number;
  dimension: string;
  value: string;
  day: number;
}

/** 026: a store's orders per status for each pair of list filters, over all time (src/counts/). */
export interface OrderPairCountTable extends StatusCountColumns {
  tenant_id: number;
  /** The two dimensions' names, `a+b` in DIMENSIONS' order. */
  dimensions: string;
  /** The two values as a JSON array. */
  value: string;
}

/**
 * 026: the change feed (src/feed/): one row per change of an order that anything derives from,
 * written by triggers on orders in the change's transaction. `old_*` null for a new order,
 * `new_*` null for a deleted one. `txid`: PostgreSQL only.
 */
export interface OrderFeedTable {
  txid: Generated<number | string>;
  id: Generated<number | string>;
  tenant_id: number;
  order_id: number;
  at: number;
  source: string | null;
  old_status: string | null;
  new_status: string | null;
  old_created_at: number | null;
  new_created_at: number | null;
  old_product_id: number | null;
  new_product_id: number | null;
  old_assigned_user_id: number | null;
  new_assigned_user_id: number | null;
  old_payment_method: string | null;
  new_payment_method: string | null;
  old_courier: string | null;
  new_courier: string | null;
  old_province: string | null;
  new_province: string | null;
  old_utm_source: string | null;
  new_utm_source: string | null;
  old_utm_campaign: string | null;
  new_utm_campaign: string | null;
  old_follow_up_count: number | null;
  new_follow_up_count: number | null;
  old_spam: number | null;
  new_spam: number | null;
  old_flags: string | null;
  new_flags: string | null;
  old_label_printed: number | null;
  new_label_printed: number | null;
  old_total: number | null;
  new_total: number | null;
  old_origin: string | null;
  new_origin: string | null;
  old_first_closed_at: number | null;
  new_first_closed_at: number | null;
  old_first_paid_at: number | null;
  new_first_paid_at: number | null;
  old_first_shipped_at: number | null;
  new_first_shipped_at: number | null;
  old_first_completed_at: number | null;
  new_first_completed_at: number | null;
  old_first_manual_follow_up_at: number | null;
  new_first_manual_follow_up_at: number | null;
  old_first_auto_follow_up_at: number | null;
  new_first_auto_follow_up_at: number | null;
}

/** 026: each consumer's position in the feed (src/feed/consumer.ts). `txid`: PostgreSQL only. */
export interface FeedConsumerTable {
  name: string;
  txid: number | string;
  position: number | string;
  /** PostgreSQL: the snapshot of the consumer's backfill, whose rows it skips. */
  snapshot: string | null;
  /** When a process last ran the consumer (epoch ms). */
  seen_at: number;
}

export interface ApiKeyTable {
  id: Generated<number>;
  tenant_id: number;
  key_hash: string;
  marker: string;
  name: string;
  scopes: string; // JSON array
  expires_at: number | null;
  revoked_at: number | null;
  last_used_at: number | null;
  created_at: number;
  // 008-integrations: the dashboard purpose (null for CLI keys), and the name while the key
  // holds it (null once revoked or released after expiry; unique per store).
  purpose: string | null;
  active_name: string | null;
}

export interface IdempotencyRecordTable {
  tenant_id: number;
  api_key_id: number;
  idempotency_key: string;
  request_hash: string;
  response_status: number;
  response_body: string;
  created_at: number;
  expires_at: number;
}

/** A "Tambah pesanan" page's key and the order its first save entered (migration 030). */
export interface OrderEntryKeyTable {
  tenant_id: number;
  user_id: number;
  entry_key: string;
  request_hash: string;
  order_id: number | null;
  created_at: number;
  expires_at: number;
}

export interface EventTable {
  id: Generated<number>;
  tenant_id: number;
  // null for a webhook.test event (008-integrations).
  order_id: number | null;
  type: string;
  payload: string; // JSON
  created_at: number;
  // Set when the dispatcher has created the event's deliveries (002-webhooks).
  fanned_out_at: number | null;
}

// The hour's event count of a store, split over slots (005-event-count-slots,
// src/events/hourly-cap.ts). 001's event_hourly_counts is no longer used.
export interface EventHourSlotTable {
  tenant_id: number;
  hour_start: number;
  slot: number;
  count: number;
}

export interface OrderHistoryTable {
  id: Generated<number>;
  tenant_id: number;
  order_id: number;
  source: string;
  actor: string;
  actor_user_id: number | null; // 017: the dashboard user behind the change, if any
  field: string;
  old_value: string | null;
  new_value: string | null;
  created_at: number;
}

export interface LookupBrakeTable {
  tenant_id: number;
  api_key_id: number;
  window_start: number;
  count: number;
}

export interface WebhookEndpointTable {
  id: Generated<number>;
  tenant_id: number;
  url: string;
  secret: string; // whsec_...; shown once at creation, never logged or listed
  description: string;
  enabled: number;
  disabled_reason: string | null;
  created_at: number;
  removed_at: number | null;
  // 008-integrations: the secret a rotation replaced signs too, until previous_secret_until.
  previous_secret: string | null;
  previous_secret_until: number | null;
}

// Test events sent to an endpoint in one clock hour (008-integrations).
export interface WebhookTestSendTable {
  tenant_id: number;
  endpoint_id: number;
  hour_start: number;
  count: number;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'cancelled';

export interface WebhookDeliveryTable {
  id: Generated<number>;
  tenant_id: number;
  event_id: number;
  endpoint_id: number;
  order_id: number;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: number;
  locked_until: number | null;
  lease_token: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  delivered_at: number | null;
}

export interface WebhookAttemptTable {
  id: Generated<number>;
  tenant_id: number;
  delivery_id: number;
  attempted_at: number;
  status_code: number | null;
  latency_ms: number;
  response_snippet: string;
  error: string | null;
}

export interface StoreSettingsTable {
  tenant_id: number;
  payment_methods: Generated<string>; // JSON: ["bank_transfer", "cod", "gateway"]
  gateway: string | null; // midtrans | xendit
  bank_accounts: Generated<string>; // JSON: [{bank, number, holder}]
  whatsapp_number: string | null; // international digits, 62...
  thank_you_template: string | null;
  midtrans_server_key: string | null;
  xendit_secret_key: string | null;
  xendit_callback_token: string | null;
  /** 035: sealed. */
  whatsapp_access_token: string | null;
  fonnte_token: string | null;
  /** 038: JSON {name, phone, address, district, city, province, postal_code}; null: not set (src/shipping/sender-address.ts). */
  sender_address: string | null;
  updated_at: number;
}

export interface ShippingRateTable {
  tenant_id: number;
  courier: string;
  province: string; // or '*'
  fee: number;
}

export interface FormSubmissionTable {
  tenant_id: number;
  token: string;
  order_id: number;
  created_at: number;
}

export interface PaymentChargeTable {
  tenant_id: number;
  order_id: number;
  gateway: string;
  reference: string;
  payment_url: string;
  created_at: number;
}

export interface PaymentNotificationTable {
  id: Generated<number>;
  tenant_id: number;
  order_id: number;
  gateway: string;
  transaction_id: string;
  status: string;
  amount: number | null;
  outcome: string;
  received_at: number;
}

// Dashboard accounts (007-accounts). Tokens and secrets only as SHA-256 hex.
export type Role = 'owner' | 'admin' | 'cs';

export interface UserTable {
  id: Generated<number>;
  email: string; // trimmed, lower-cased, unique
  name: string;
  password_hash: string | null; // argon2id; null until a set-password link is used
  created_at: number;
}

export interface MembershipTable {
  tenant_id: number;
  user_id: number;
  role: Role;
  integrations: number; // 0/1: an admin's integration-settings permission
  created_at: number;
  whatsapp_number: string | null; // 025: the member's own number in this store, 62...
}

export interface SessionTable {
  id: string;
  user_id: number;
  tenant_id: number; // the selected store
  secret_hash: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

export interface InvitationTable {
  id: Generated<number>;
  tenant_id: number;
  token_hash: string;
  role: Role;
  integrations: number;
  created_by: number;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  accepted_by: number | null;
  revoked_at: number | null;
  /** Whom the owner said it is for (migration 032); null when not said. */
  invitee_name: string | null;
  /** The WhatsApp number it was sent to, 62... (migration 032); null when not said. */
  invitee_whatsapp: string | null;
}

export interface PasswordResetTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** 014: an amount held by an open (pending or closing) coded transfer order of the store. */
export interface TransferCodeTable {
  tenant_id: number;
  amount: number;
  order_id: number;
  created_at: number;
}

/** 014: a statement credit that paid an order; line_key is unique per store. */
export interface TransferAppliedLineTable {
  id: Generated<number>;
  tenant_id: number;
  line_key: string;
  bank: string;
  credit_date: string; // YYYY-MM-DD
  amount: number;
  order_id: number;
  user_id: number;
  applied_at: number;
}

/** 013: a sensitive settings change (which field, who, when; never the value). */
export interface SettingsAuditTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  field: string;
  created_at: number;
}

/** 021: one CSV export of the orders (issue 33 §3): who, when, the list's query (JSON), the rows sent. */
export interface OrderExportTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  query: string;
  row_count: Generated<number>;
  created_at: number;
  /** When the last row was sent; null while the export runs or when it stopped before the end. */
  finished_at: number | null;
}

/** 029: a bulk move or assignment of more than 500 orders, run by the `bulk` worker (src/orders/workspace/bulk/jobs/). */
export interface BulkJobTable {
  id: Generated<number>;
  tenant_id: number;
  /** `bulk_status` | `assign`. */
  kind: string;
  /** `queued` | `running` | `done` | `failed` | `cancelled`. */
  state: string;
  started_by: number;
  /** JSON: what each order's change is made with (the move, or the CS), and the starter's rights. */
  input: string;
  /** JSON: the orders chosen, in the order they are worked. */
  order_ids: string;
  total: number;
  /** How many of order_ids are done: the next order is order_ids[position]. */
  position: Generated<number>;
  changed: Generated<number>;
  unchanged: Generated<number>;
  refused: Generated<number>;
  /** JSON: the first 100 refusals, [{id, code}]. */
  errors: Generated<string>;
  /** Attempts that failed (a throw, not a kill): after the retry schedule, the job has failed. */
  attempts: Generated<number>;
  next_attempt_at: number;
  locked_until: number | null;
  lease_token: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** 033: a store's messaging automation (issue 41, src/messaging/). */
export interface MessagingSettingsTable {
  tenant_id: number;
  /** `sandbox`; null: automation off. */
  provider: string | null;
  paused: Generated<number>;
  /** 'HH:MM', both or neither: quiet hours [start, end) in the buyer's zone. */
  quiet_start: string | null;
  quiet_end: string | null;
  updated_at: number;
  /** 035: the Cloud API's number (one store each), WABA id and the number buyers write to (digits). */
  cloud_phone_number_id: string | null;
  cloud_waba_id: string | null;
  cloud_phone: string | null;
  /** 035: Fonnte's webhook secret (one store each), daily cap, when its risk was accepted. */
  fonnte_secret: string | null;
  fonnte_daily_cap: Generated<number>;
  fonnte_accepted_risk_at: number | null;
  /** 035: why the provider stopped the store's sending ('token' | 'device'); null: it sends. */
  halted: string | null;
  halted_at: number | null;
}

/** 033: a step's automatic switch and timing, per store. */
export interface MessagingStepTable {
  tenant_id: number;
  step: string;
  is_on: Generated<number>;
  /** fu1, fu2, fu4: minutes after the order's creation; null for the others. */
  delay_minutes: number | null;
  /** When the step was last turned on: it plans only what falls due after. */
  on_since: number | null;
  /** 035: the Cloud API template sent outside the 24-hour window; params: JSON array of placeholders. */
  template_name: string | null;
  template_language: string | null;
  template_params: string | null;
}

/** 033: one automated message of an order's step. */
export interface MessageTable {
  id: Generated<number>;
  tenant_id: number;
  order_id: number;
  step: string;
  /** planned | waiting_quiet_hours | sent | delivered | read | failed | skipped | cancelled | expired */
  state: string;
  phone: string | null;
  due_at: number;
  next_at: number;
  allowed_at: number | null;
  sent_at: number | null;
  reason: string | null;
  text: string | null;
  provider: string | null;
  provider_message_id: string | null;
  attempts: Generated<number>;
  locked_until: number | null;
  lease_token: string | null;
  created_at: number;
  updated_at: number;
  /** 035: when the provider's last status came; 1 when Meta priced it as a paid template. */
  status_at: number | null;
  paid: Generated<number>;
  /** 036: Fonnte's second id of the message (`stateid`), which its later statuses name. */
  provider_state_id: string | null;
}

/** 035: the conversation with a buyer's phone: in (the buyer's, kept 90 days) and out (a CS's answer, Lapak's reply to STOP). */
export interface ChatMessageTable {
  id: Generated<number>;
  tenant_id: number;
  phone: string;
  order_id: number | null;
  direction: 'in' | 'out';
  text: string;
  provider: string;
  provider_message_id: string | null;
  /** in: received; out: sent | delivered | read | failed. */
  state: string;
  reason: string | null;
  user_id: number | null;
  status_at: number | null;
  created_at: number;
  /** 036: Fonnte's second id of the message (`stateid`), which its later statuses name. */
  provider_state_id: string | null;
}

/** 035: a phone that asked the store to stop its automated messages. */
export interface OptOutTable {
  tenant_id: number;
  phone: string;
  how: string;
  created_at: number;
}

/** 033: what the sandbox provider accepted. */
export interface SandboxOutboxTable {
  id: Generated<number>;
  tenant_id: number;
  message_id: number | null;
  order_id: number | null;
  phone: string;
  text: string;
  provider_message_id: string;
  created_at: number;
}

export interface ProductImageTable {
  id: Generated<number>;
  tenant_id: number;
  product_id: number;
  token: string;
  position: number;
  created_at: number;
}

export interface ProductImageVariantTable {
  image_id: number;
  width: number;
  height: number;
  hash: string;
  size: number;
}

export interface ImageBlobTable {
  hash: string;
  bytes: Uint8Array;
  created_at: number;
}

/** 024: a store's CS rotation; no row: mode 'off'. */
export interface RotationTable {
  tenant_id: number;
  mode: 'off' | 'round_robin' | 'weighted';
  sticky: number; // 0/1
  updated_at: number;
}

/** 024: a member in the store's rotation. */
export interface RotationMemberTable {
  tenant_id: number;
  user_id: number;
  weight: number; // 1-10
  on_duty: number; // 0/1
  /** The smooth weighted round-robin's running value (reset to 0 when a cycle starts anew). */
  current: number;
}

export interface Database {
  tenants: TenantTable;
  products: ProductTable;
  product_slug_redirects: ProductSlugRedirectTable;
  orders: OrderTable;
  api_keys: ApiKeyTable;
  idempotency_records: IdempotencyRecordTable;
  order_entry_keys: OrderEntryKeyTable;
  events: EventTable;
  event_hour_slots: EventHourSlotTable;
  order_history: OrderHistoryTable;
  order_notes: OrderNoteTable;
  message_templates: MessageTemplateTable;
  order_counts: OrderCountTable;
  order_pair_counts: OrderPairCountTable;
  order_feed: OrderFeedTable;
  feed_consumers: FeedConsumerTable;
  lookup_brake: LookupBrakeTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_test_sends: WebhookTestSendTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
  store_settings: StoreSettingsTable;
  shipping_rates: ShippingRateTable;
  form_submissions: FormSubmissionTable;
  payment_charges: PaymentChargeTable;
  payment_notifications: PaymentNotificationTable;
  users: UserTable;
  memberships: MembershipTable;
  sessions: SessionTable;
  invitations: InvitationTable;
  password_resets: PasswordResetTable;
  transfer_codes: TransferCodeTable;
  transfer_applied_lines: TransferAppliedLineTable;
  settings_audit: SettingsAuditTable;
  order_exports: OrderExportTable;
  bulk_jobs: BulkJobTable;
  messaging_settings: MessagingSettingsTable;
  messaging_steps: MessagingStepTable;
  messages: MessageTable;
  sandbox_outbox: SandboxOutboxTable;
  chat_messages: ChatMessageTable;
  opt_outs: OptOutTable;
  product_images: ProductImageTable;
  product_image_variants: ProductImageVariantTable;
  image_blobs: ImageBlobTable;
  rotations: RotationTable;
  rotation_members: RotationMemberTable;
  order_flags: OrderFlagTable;
  order_ip_hashes: OrderIpHashTable;
  blocked_phones: BlockedPhoneTable;
  worker_leases: WorkerLeaseTable;
  blocked_form_counts: BlockedFormCountTable;
  buyer_links: BuyerLinkTable;
  form_views: FormViewTable;
  form_view_days: FormViewDayTable;
  form_view_hours: FormViewHourTable;
  insight_totals: InsightTotalTable;
  insight_follow_ups: InsightFollowUpTable;
}

/** 042: the figures of insights (src/insights/figures.ts), in the order of INSIGHT_FIELDS. */
export const INSIGHT_FIELDS = ['orders', 'form_orders', 'closed', 'paid', 'shipped', 'completed', 'cancelled', 'returned', 'invalid', 'followed_up', 'revenue'] as const;
export type InsightField = (typeof INSIGHT_FIELDS)[number];

/**
 * 042: an order's figures summed per store, CS ('*': the store's; else the assigned member's id),
 * dimension and value, over a UTC hour (unit 1) or day (unit 24) of creation starting at epoch
 * hour `start` (src/insights/).
 */
export type InsightTotalTable = { tenant_id: number; cs: string; dimension: string; unit: number; start: number; value: string } & Record<InsightField, Generated<number>>;

/** 042: orders per bucket of minutes to their first follow-up, per store, assigned CS ('' none), kind, unit and start. */
export interface InsightFollowUpTable {
  tenant_id: number;
  cs: string;
  kind: string;
  unit: number;
  start: number;
  bucket: number;
  orders: Generated<number>;
}

/** 040: a worker that runs in one process at a time holds its row's lease (src/jobs/lease.ts). */
export interface WorkerLeaseTable {
  name: string;
  lease_token: string | null;
  locked_until: Generated<number>;
}

/** 041: a store's form views per UTC hour (epoch hours), product and UTM values (src/insights/form-views/). No foreign key: a deleted product's views stay. */
export interface FormViewTable {
  tenant_id: number;
  /** UTC epoch hours: Math.floor(ms / 3,600,000). */
  hour: number;
  product_id: number;
  /** The visit's utm_source as an order of it stores it (trimmed, cut to 500), '' for none. */
  utm_source: Generated<string>;
  utm_campaign: Generated<string>;
  views: number;
}

/** 042, keyed per dimension by 043: views per UTC day (epoch days) and per value of one dimension (product_id, utm_source, utm_campaign), written by the form_views flush (src/insights/form-views/). */
export interface FormViewDayTable {
  tenant_id: number;
  dimension: string;
  day: number;
  value: string;
  views: number;
}

/** 042: a store's form views per hour in all (src/insights/form-views/), for the day series. */
export interface FormViewHourTable {
  tenant_id: number;
  hour: number;
  views: number;
}
