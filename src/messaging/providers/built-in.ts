// The providers a store may choose, by name (the sandbox; part 2 adds the Cloud API and Fonnte).
import type { MessagingProvider, ProviderDeps } from './provider.js';
import { sandboxProvider } from './sandbox.js';

export function builtInProvider(name: string, deps: ProviderDeps): MessagingProvider | null {
  return name === 'sandbox' ? sandboxProvider(deps) : null;
}
