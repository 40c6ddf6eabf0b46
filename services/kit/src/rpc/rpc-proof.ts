import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ErrorBody } from '@kiln/contracts';

/**
 * Proof that an RPC request comes from one of our processes (ADR 0040). NATS only says that someone
 * reached the server; whoever knows `KILN_RPC_KEY` (the BFF and the services, nobody else) signs each
 * request, and a service acts only on a request whose proof checks out.
 *
 * Header `Kiln-Proof: 1.<expiry ms>.<nonce>.<mac>`, where
 *   mac = base64url(HMAC-SHA256(key, "kiln-rpc/1\n<subject>\n<expiry>\n<nonce>\n<sha256 hex of the body bytes>"))
 * and the nonce is 16 random bytes (base64url). The subject is the one sent on (namespace included), so a
 * proof is good for that subject, that body, until its expiry, once.
 */
export const PROOF_HEADER = 'Kiln-Proof';
/** How long a proof is good for: a request is sent at once, the rest is room for clocks a little apart. */
export const PROOF_TTL_MS = 30_000;
/** A proof expiring further ahead than this was not made by us (or a clock is far off): refused. */
export const PROOF_MAX_AHEAD_MS = 2 * PROOF_TTL_MS;
/** What a service answers to a request without a good proof; the handler never runs. */
export const RPC_REFUSAL: ErrorBody = { statusCode: 401, message: 'This request did not come from Kiln.' };

const VERSION = '1';
const KEY_MIN_LENGTH = 32;

export class RpcKeyError extends Error {}

/**
 * The keys of `KILN_RPC_KEY`: one secret, or several separated by commas while a new one is rolled out
 * (the first signs, any of them is accepted). Throws when missing or too short: a process never runs
 * without checking (or being able to sign) requests.
 */
export function readRpcKeys(env: NodeJS.ProcessEnv = process.env): Buffer[] {
  const raw = env.KILN_RPC_KEY?.trim();
  if (!raw) {
    throw new RpcKeyError(
      'KILN_RPC_KEY is not set. The BFF and every service need the same secret to sign and check their NATS requests ' +
        '(npm start makes one; elsewhere set it, e.g. `openssl rand -hex 32`, the same for every instance). See docs/adr/0040-rpc-requests-carry-proof.md.',
    );
  }
  const keys = raw
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (keys.some((k) => k.length < KEY_MIN_LENGTH)) {
    throw new RpcKeyError(`KILN_RPC_KEY is too short: each key needs at least ${KEY_MIN_LENGTH} characters (e.g. \`openssl rand -hex 32\`).`);
  }
  return keys.map((k) => Buffer.from(k, 'utf8'));
}

function mac(key: Buffer, subject: string, expiry: string, nonce: string, body: Uint8Array): Buffer {
  const bodyHash = createHash('sha256').update(body).digest('hex');
  return createHmac('sha256', key).update(`kiln-rpc/${VERSION}\n${subject}\n${expiry}\n${nonce}\n${bodyHash}`).digest();
}

/** Signs requests with the first key. */
export class RpcSigner {
  private readonly key: Buffer;

  constructor(
    keys: readonly Buffer[],
    private readonly ttlMs = PROOF_TTL_MS,
  ) {
    if (!keys.length) throw new RpcKeyError('RpcSigner needs a key');
    this.key = keys[0];
  }

  /** The `Kiln-Proof` value for sending `body` (the exact bytes) on `subject`. */
  proof(subject: string, body: Uint8Array, now = Date.now()): string {
    const expiry = String(now + this.ttlMs);
    const nonce = randomBytes(16).toString('base64url');
    return `${VERSION}.${expiry}.${nonce}.${mac(this.key, subject, expiry, nonce, body).toString('base64url')}`;
  }
}

export type ProofRefusal = 'missing' | 'malformed' | 'expired' | 'too far ahead' | 'wrong' | 'replayed';

/**
 * Checks proofs, and remembers the nonces of the good ones until they expire so the same request sent
 * again is refused. The memory is this instance's: a copy sent to another instance of the same service
 * is not caught here, which the expiry bounds (ADR 0040).
 */
export class RpcVerifier {
  /** nonce → expiry, in arrival order (roughly expiry order: every signer uses the same ttl). */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly keys: readonly Buffer[],
    private readonly maxAheadMs = PROOF_MAX_AHEAD_MS,
  ) {
    if (!keys.length) throw new RpcKeyError('RpcVerifier needs a key');
  }

  /** Undefined when the proof is good for this subject and body (and is then used up); else why not. */
  check(subject: string, proof: string | undefined, body: Uint8Array, now = Date.now()): ProofRefusal | undefined {
    if (!proof) return 'missing';
    const parts = proof.split('.');
    if (parts.length !== 4 || parts[0] !== VERSION || !/^\d{1,15}$/.test(parts[1]) || !/^[A-Za-z0-9_-]{22}$/.test(parts[2])) return 'malformed';
    const [, expiry, nonce, given] = parts;
    const expiresAt = Number(expiry);
    if (expiresAt < now) return 'expired';
    if (expiresAt > now + this.maxAheadMs) return 'too far ahead';
    const presented = Buffer.from(given, 'base64url');
    if (presented.length !== 32) return 'malformed';
    let good = false;
    for (const key of this.keys) if (timingSafeEqual(presented, mac(key, subject, expiry, nonce, body))) good = true;
    if (!good) return 'wrong';
    this.forgetExpired(now);
    if (this.seen.has(nonce)) return 'replayed';
    this.seen.set(nonce, expiresAt);
    return undefined;
  }

  /** Nonces remembered now (for tests). */
  get remembered(): number {
    return this.seen.size;
  }

  private forgetExpired(now: number): void {
    for (const [nonce, expiresAt] of this.seen) {
      if (expiresAt >= now) break;
      this.seen.delete(nonce);
    }
  }
}
