// The providers a store may choose, by name: the WhatsApp Cloud API, Fonnte and the sandbox.
import { cloudApiProvider } from './cloud-api.js';
import { fonnteProvider } from './fonnte.js';
import type { Clock } from '../../lib/clock.js';
import type { Db } from '../../lib/db/db.js';
import type { WriteTransaction } from '../../lib/db/write-transaction.js';
import type { Sealer } from '../../lib/secrets/sealer.js';
import type { MessagingProvider, ProviderDeps } from './provider.js';
import { sandboxProvider } from './sandbox.js';

export function builtInProvider(name: string, deps: ProviderDeps): MessagingProvider | null {
  if (name === 'sandbox') return sandboxProvider(deps);
  if (name === 'cloud_api') return cloudApiProvider(deps);
  if (name === 'fonnte') return fonnteProvider(deps);
  return null;
}

/** What the built-in providers use, from the sender's (or a route's) dependencies. */
export const providerDeps = (deps: { db: Db; sealer: Sealer; config: ProviderDeps['config']; writeTransaction: WriteTransaction; clock: Clock }): ProviderDeps => ({
  db: deps.db,
  sealer: deps.sealer,
  config: deps.config,
  writeTransaction: (work) => deps.writeTransaction(work),
  now: () => deps.clock.now(),
});
