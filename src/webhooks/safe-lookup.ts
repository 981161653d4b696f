// DNS lookup for webhook connections: resolves the host once, refuses it unless every
// address is public, and hands the socket the address it checked. The socket connects to
// exactly that address, so a name that resolves differently a moment later (DNS
// rebinding) cannot slip a private address past the check.
import type { LookupFunction } from 'node:net';
import { resolvePublicAddresses, type Resolver } from './url-safety.js';

export const ADDRESS_REFUSED = 'ELAPAK_ADDRESS_REFUSED';

export function safeLookup(resolver: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublicAddresses(hostname, resolver).then(
      (checked) => {
        if (!checked.ok) {
          callback(Object.assign(new Error(checked.message), { code: ADDRESS_REFUSED }), '', 0);
          return;
        }
        const wanted = options.family === 4 || options.family === 6 ? checked.value.filter((a) => a.family === options.family) : checked.value;
        if (wanted.length === 0) {
          callback(Object.assign(new Error(`host ${hostname} has no IPv${options.family} address`), { code: 'ENOTFOUND' }), '', 0);
          return;
        }
        // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily).
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: Error) => callback(Object.assign(error, { code: 'ENOTFOUND' }), '', 0),
    );
  };
}
