/** The crypto primitives the domain's signature checks use (domain/src/commerce/store-orders.ts StoreCrypto). */
export type { StoreCrypto } from '@kiln/domain';

export const STORE_CRYPTO = Symbol('StoreCrypto');
