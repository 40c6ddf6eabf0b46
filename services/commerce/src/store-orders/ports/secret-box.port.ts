/**
 * Seals the secrets Kiln must keep readable (a store's webhook secret: HMAC verification needs it), encrypted with
 * a key only the commerce service holds (ADR 0060).
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The secret, or null when it does not open with any key held (a rotated-out key, a damaged value). */
  open(sealed: string): string | null;
}

export const SECRET_BOX = Symbol('SecretBox');
