import { createHmac, timingSafeEqual, verify } from 'node:crypto';
import type { StoreCrypto } from '@kiln/domain';

/** node:crypto for the domain's signature checks (ADR 0060). */
export const nodeStoreCrypto: StoreCrypto = {
  hmacSha256: (key, data) => createHmac('sha256', key).update(data).digest(),
  rsaSha256Verify: (publicKeyPem, data, signature) => {
    try {
      return verify('sha256', data, publicKeyPem, signature);
    } catch {
      // A key that does not parse verifies nothing.
      return false;
    }
  },
  timingSafeEqual: (a, b) => a.length === b.length && timingSafeEqual(a, b),
};
