// The providers a store may choose, by name: the WhatsApp Cloud API, Fonnte and the sandbox.
import { cloudApiProvider } from './cloud-api.js';
import { fonnteProvider } from './fonnte.js';
import type { MessagingProvider, ProviderDeps } from './provider.js';
import { sandboxProvider } from './sandbox.js';

export function builtInProvider(name: string, deps: ProviderDeps): MessagingProvider | null {
  if (name === 'sandbox') return sandboxProvider(deps);
  if (name === 'cloud_api') return cloudApiProvider(deps);
  if (name === 'fonnte') return fonnteProvider(deps);
  return null;
}
