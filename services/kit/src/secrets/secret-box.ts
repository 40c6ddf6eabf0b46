import { Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals the secrets a service must keep readable (a store's webhook secret, an outgoing webhook's signing secret:
 * HMAC needs the secret itself, so it cannot be hashed), encrypted with a key only the services that need it hold
 * (`KILN_SECRETS_KEY`, ADR 0060; ADR 0067 for webhooks).
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The secret, or null when it does not open with any key held (a rotated-out key, a damaged value). */
  open(sealed: string): string | null;
}

export const SECRET_BOX = Symbol('SecretBox');

interface Key {
  id: string;
  bytes: Buffer;
}

/** `KILN_SECRETS_KEY`: one key, or several separated by commas while a new one is rolled in (the first seals). */
export function readSecretsKeys(env: NodeJS.ProcessEnv = process.env): Key[] {
  const raw = (env.KILN_SECRETS_KEY ?? '').trim();
  if (!raw) {
    throw new Error('KILN_SECRETS_KEY is not set. Secrets are sealed with it (ADR 0060); `npm start` makes one in .data/secrets.');
  }
  return raw
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => {
      // 64 hex characters are the key itself; anything else is a passphrase, stretched to 32 bytes by sha-256.
      const bytes = /^[0-9a-f]{64}$/i.test(k) ? Buffer.from(k, 'hex') : createHash('sha256').update(k, 'utf8').digest();
      return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
    });
}

/**
 * AES-256-GCM under `KILN_SECRETS_KEY` (ADR 0060): `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url). A random
 * 96-bit IV per secret; the tag makes a changed value refuse to open. The key is read when first needed.
 */
@Injectable()
export class AesSecretBox implements SecretBox {
  private keys: Key[] | null = null;

  private held(): Key[] {
    this.keys ??= readSecretsKeys();
    return this.keys;
  }

  seal(plain: string): string {
    const key = this.held()[0]!;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key.bytes, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', key.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  open(sealed: string): string | null {
    const [version, keyId, iv, tag, data] = sealed.split('.');
    const key = this.held().find((k) => k.id === keyId);
    if (version !== 'v1' || !key || iv === undefined || tag === undefined || data === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
