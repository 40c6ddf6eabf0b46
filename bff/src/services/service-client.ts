import { COMMON_MESSAGES } from '@kiln/contracts';
import { HttpException, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  connectNats,
  isErrorBody,
  isRpcRefusal,
  nsSubject,
  processRpcSigner,
  readConfig,
  refusedOurProof,
  REPLY_BARE,
  REPLY_ERROR,
  REPLY_HEADER,
  REPLY_OK,
  RpcSigner,
  signedRequest,
} from '@kiln/service-kit';
import { NatsConnection } from 'nats';
import { z } from 'zod';

interface RpcDefinition<Req extends z.ZodTypeAny, Rep extends z.ZodTypeAny> {
  subject: string;
  request: Req;
  reply: Rep;
}

const UNAVAILABLE = { statusCode: 503, message: COMMON_MESSAGES.serviceAway };
const ASKING = { [REPLY_HEADER]: REPLY_BARE };

/**
 * Calls a service over NATS request/reply, asking for a bare reply (see the kit's bare-reply.ts): the
 * answer's bytes are the reply's JSON. Every request carries its proof (`Kiln-Proof`, ADR 0040), signed
 * with KILN_RPC_KEY; without the key the BFF does not start. A service's error reply (ErrorBody) becomes
 * the HTTP error with the same status and message; a service that does not answer, or that refuses our
 * proof (keys that differ, clocks far apart: our fault, not the caller's), is a 503.
 */
@Injectable()
export class ServiceClient implements OnModuleInit, OnApplicationShutdown {
  private nats?: NatsConnection;
  private readonly signer: RpcSigner = processRpcSigner();
  /** Namespaced subjects, worked out once each (reading the configuration per request showed in profiles). */
  private readonly subjects = new Map<string, string>();

  async onModuleInit(): Promise<void> {
    this.nats = await connectNats(readConfig(), 'kiln-bff-rpc');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nats?.close().catch(() => undefined);
  }

  /** The reply, parsed. */
  async call<Req extends z.ZodTypeAny, Rep extends z.ZodTypeAny>(
    rpc: RpcDefinition<Req, Rep>,
    payload: z.input<Req>,
    timeoutMs = 10_000,
  ): Promise<z.output<Rep>> {
    return JSON.parse(Buffer.from(await this.callForBytes(rpc, payload, timeoutMs)).toString('utf8'));
  }

  /**
   * The reply's JSON as the service wrote it, for passing on to an HTTP response without parsing and
   * writing it again: the service built it from its own contract-typed answer.
   */
  async callForBytes<Req extends z.ZodTypeAny, Rep extends z.ZodTypeAny>(
    rpc: RpcDefinition<Req, Rep>,
    payload: z.input<Req>,
    timeoutMs = 10_000,
  ): Promise<Uint8Array> {
    if (!this.nats) throw new HttpException(UNAVAILABLE, 503);
    let reply;
    try {
      let subject = this.subjects.get(rpc.subject);
      if (!subject) this.subjects.set(rpc.subject, (subject = nsSubject(rpc.subject)));
      reply = await signedRequest(this.nats, subject, JSON.stringify(payload ?? null), { timeout: timeoutMs, headers: ASKING, signer: this.signer });
    } catch {
      // No responders, a timeout, a closed connection: nobody answered.
      throw new HttpException(UNAVAILABLE, 503);
    }
    const kind = reply.headers?.get(REPLY_HEADER);
    if (kind === REPLY_OK) return reply.data;
    if (kind === REPLY_ERROR) {
      const body: unknown = reply.json();
      if (isRpcRefusal(body)) {
        refusedOurProof(rpc.subject);
        throw new HttpException(UNAVAILABLE, 503);
      }
      if (isErrorBody(body)) throw new HttpException(body, body.statusCode);
    }
    throw new HttpException(UNAVAILABLE, 503);
  }
}
