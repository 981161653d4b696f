import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DbHandle } from './db.js';
import { initial } from './migrations/001-initial.js';
import { webhooks } from './migrations/002-webhooks.js';
import { orderForm } from './migrations/003-order-form.js';
import { rateLimits } from './migrations/004-rate-limits.js';
import { eventCountSlots } from './migrations/005-event-count-slots.js';
import { webhookAttemptsByDelivery } from './migrations/006-webhook-attempts-by-delivery.js';
import { accounts } from './migrations/007-accounts.js';
import { integrations } from './migrations/008-integrations.js';
import { homeChecklist } from './migrations/009-home-checklist.js';
import { uniqueCodeSwitch } from './migrations/010-unique-code-switch.js';
import { productEditor } from './migrations/011-product-editor.js';
import { productImages } from './migrations/012-product-images.js';
import { storeSettingsPage } from './migrations/013-store-settings-page.js';
import { transferMatching } from './migrations/014-transfer-matching.js';
import { dropUnreadEventIndex } from './migrations/015-drop-unread-event-index.js';
import { keyChanges } from './migrations/016-key-changes.js';
import { historyActorUser } from './migrations/017-history-actor-user.js';
import { uniqueCodeOnStore } from './migrations/018-unique-code-on-store.js';
import { ordersWorkspace } from './migrations/019-orders-workspace.js';
import { ordersList } from './migrations/020-orders-list.js';
import { orderExports } from './migrations/021-order-exports.js';
import { orderChanges } from './migrations/022-order-changes.js';
import { liveOrderWatches } from './migrations/023-live-order-watches.js';
import { csRotation } from './migrations/024-cs-rotation.js';
import { followUps } from './migrations/025-follow-ups.js';
import { orderFeedMigration } from './migrations/026-order-feed.js';
import { counterColumnsMigration } from './migrations/027-counter-columns.js';
import { unassignedOrders } from './migrations/028-unassigned-orders.js';
import { bulkJobs } from './migrations/029-bulk-jobs.js';
import { orderEntryKeys } from './migrations/030-order-entry-keys.js';
import { phoneTail } from './migrations/031-phone-tail.js';
import { invitationInvitee } from './migrations/032-invitation-invitee.js';
import { messaging } from './migrations/033-messaging.js';
import { followUpAutomatic } from './migrations/034-follow-up-automatic.js';
import { whatsapp } from './migrations/035-whatsapp.js';
import { fonnte } from './migrations/036-fonnte.js';
import { riskyOrders } from './migrations/037-risky-orders.js';
import { printing } from './migrations/038-printing.js';
import { buyerLinks } from './migrations/039-buyer-links.js';
import { autoCancel } from './migrations/040-auto-cancel.js';
import { formViews } from './migrations/041-form-views.js';
import { insights } from './migrations/042-insights.js';
import { insightKeys } from './migrations/043-insight-keys.js';

export type Migrations = Record<string, Migration>;

export function migrations(handle: DbHandle): Migrations {
  return {
    '001-initial': { up: initial(handle.dialect) },
    '002-webhooks': { up: webhooks(handle.dialect) },
    '003-order-form': { up: orderForm(handle.dialect) },
    '004-rate-limits': { up: rateLimits(handle.dialect) },
    '005-event-count-slots': { up: eventCountSlots(handle.dialect) },
    '006-webhook-attempts-by-delivery': { up: webhookAttemptsByDelivery() },
    '007-accounts': { up: accounts(handle.dialect) },
    '008-integrations': { up: integrations(handle.dialect) },
    '009-home-checklist': { up: homeChecklist(handle.dialect) },
    '010-unique-code-switch': { up: uniqueCodeSwitch() },
    '011-product-editor': { up: productEditor(handle.dialect) },
    '012-product-images': { up: productImages(handle.dialect) },
    '013-store-settings-page': { up: storeSettingsPage(handle.dialect) },
    '014-transfer-matching': { up: transferMatching(handle.dialect) },
    '015-drop-unread-event-index': { up: dropUnreadEventIndex() },
    '016-key-changes': { up: keyChanges(handle.dialect) },
    '017-history-actor-user': { up: historyActorUser(handle.dialect) },
    '018-unique-code-on-store': { up: uniqueCodeOnStore() },
    '019-orders-workspace': { up: ordersWorkspace(handle.dialect) },
    '020-orders-list': { up: ordersList(handle.dialect) },
    '021-order-exports': { up: orderExports(handle.dialect) },
    '022-order-changes': { up: orderChanges(handle.dialect) },
    '023-live-order-watches': { up: liveOrderWatches(handle.dialect) },
    '024-cs-rotation': { up: csRotation(handle.dialect) },
    '025-follow-ups': { up: followUps(handle.dialect) },
    '026-order-feed': { up: orderFeedMigration(handle.dialect) },
    '027-counter-columns': { up: counterColumnsMigration(handle.dialect) },
    '028-unassigned-orders': { up: unassignedOrders(handle.dialect) },
    '029-bulk-jobs': { up: bulkJobs(handle.dialect) },
    '030-order-entry-keys': { up: orderEntryKeys(handle.dialect) },
    '031-phone-tail': { up: phoneTail() },
    '032-invitation-invitee': { up: invitationInvitee() },
    '033-messaging': { up: messaging(handle.dialect) },
    '034-follow-up-automatic': { up: followUpAutomatic() },
    '035-whatsapp': { up: whatsapp(handle.dialect) },
    '036-fonnte': { up: fonnte() },
    '037-risky-orders': { up: riskyOrders(handle.dialect) },
    '038-printing': { up: printing(handle.dialect) },
    '039-buyer-links': { up: buyerLinks(handle.dialect) },
    '040-auto-cancel': { up: autoCancel(handle.dialect) },
    '041-form-views': { up: formViews(handle.dialect) },
    '042-insights': { up: insights(handle.dialect) },
    '043-insight-keys': { up: insightKeys(handle.dialect) },
  };
}

function provider(all: Migrations): MigrationProvider {
  return { getMigrations: async () => all };
}

// Applies pending migrations in name order. Kysely's migrator takes a lock, so concurrent
// starts are safe. Names need not be contiguous, and a migration that lands after a
// later-numbered one was applied (branches merged in either order) is still applied.
export async function migrateToLatest(handle: DbHandle, all: Migrations = migrations(handle)): Promise<string[]> {
  const migrator = new Migrator({ db: handle.db, provider: provider(all), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
