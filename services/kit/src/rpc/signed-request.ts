import { Logger } from '@nestjs/common';
import { headers as natsHeaders, Msg, NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { requestWhenConnected } from '../nats/connection-state';
import { PROOF_HEADER, PROOF_TTL_MS, readRpcKeys, RPC_REFUSAL, RpcSigner } from './rpc-proof';

/**
 * The sending side of ADR 0040, the one way our processes send an RPC request: the body's exact bytes
 * with a `Kiln-Proof` header. Used by the BFF's ServiceClient, the services' adapters that ask another
 * service, and the tests that play the BFF.
 */

let cached: { raw: string | undefined; signer: RpcSigner } | undefined;

/** This process's signer, from `KILN_RPC_KEY`; throws (RpcKeyError) when it is not set. */
export function processRpcSigner(env: NodeJS.ProcessEnv = process.env): RpcSigner {
  const raw = env.KILN_RPC_KEY;
  if (!cached || cached.raw !== raw) cached = { raw, signer: new RpcSigner(readRpcKeys(env)) };
  return cached.signer;
}

export interface SignedRequestOptions {
  timeout: number;
  /** Headers besides the proof (e.g. `Kiln-Reply: bare`). */
  headers?: Record<string, string>;
  /** Default: processRpcSigner(). */
  signer?: RpcSigner;
}

/**
 * Sends `body` on `subject` (namespaced already) with its proof; answers the reply as nats.js gives it.
 * While the connection is down it waits for it (within the timeout) instead of losing the request
 * (see requestWhenConnected).
 */
export function signedRequest(nc: NatsConnection, subject: string, body: string | Uint8Array, options: SignedRequestOptions): Promise<Msg> {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const headers = natsHeaders();
  if (options.headers) for (const [name, value] of Object.entries(options.headers)) headers.set(name, value);
  headers.set(PROOF_HEADER, (options.signer ?? processRpcSigner()).proof(subject, bytes));
  return requestWhenConnected(nc, subject, bytes, { timeout: options.timeout, headers });
}

/** True for a service's answer to a request whose proof it did not accept. */
export function isRpcRefusal(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { statusCode?: unknown }).statusCode === RPC_REFUSAL.statusCode &&
    (body as { message?: unknown }).message === RPC_REFUSAL.message
  );
}

/** A service refused our own proof: the keys differ between processes, or a clock is far off. */
export class RpcRefusedError extends Error {}

const logger = new Logger('rpc');

/** Says (in this process's log) that a service refused our proof, and answers the error to throw. */
export function refusedOurProof(subject: string): RpcRefusedError {
  const error = new RpcRefusedError(
    `${subject} refused this process's Kiln-Proof: is KILN_RPC_KEY the same for every process, ` +
      `and are the clocks within ${PROOF_TTL_MS / 1000} s of each other?`,
  );
  logger.error(error.message);
  return error;
}

/**
 * Nest's request packet (`{ pattern, data, id }`), signed, for a service-to-service call; answers the
 * reply packet (`{ response }` or `{ err }`). A refusal of our proof throws (RpcRefusedError), like a
 * service that does not answer: callers turn both into "not available", never into the caller's 401.
 */
export async function requestPacket(
  nc: NatsConnection,
  subject: string,
  data: unknown,
  options: Omit<SignedRequestOptions, 'headers'>,
): Promise<{ response?: unknown; err?: unknown }> {
  const reply = await signedRequest(nc, subject, JSON.stringify({ pattern: subject, data, id: randomUUID() }), options);
  const packet = reply.json<{ response?: unknown; err?: unknown }>();
  if (isRpcRefusal(packet.err)) throw refusedOurProof(subject);
  return packet;
}
