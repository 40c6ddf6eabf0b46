import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ResolvedAccessToken, User, WorkspaceRpc } from '@kiln/contracts';
import { ACCESS_TOKEN_RATE_LIMIT } from '@kiln/domain';
import { connectNats, nsSubject, parseDurationMs, readConfig, readRateLimit } from '@kiln/service-kit';
import { NatsConnection } from 'nats';
import { ServiceClient } from '../services/service-client';
import { AccessTokenLimiter } from './access-token-limit';
import { CachedSession, SessionCache, sessionKey } from './session-cache';
import { revokedKey, roomOfKey, SESSION_REVOKED } from './session-events';

export interface ResolvedSession {
  user: User;
  expiresAt: string;
}

type CachedToken = CachedSession & { token: ResolvedAccessToken };

/**
 * Who a session token belongs to, asked of the workspace once and then kept in this instance's
 * SessionCache. A sign-out on any instance reaches every instance on `bff.session.revoked` (the same
 * message that drops the session's sockets), and each drops the entry at once. While this instance's NATS
 * connection is down it could miss such a message, so the cache is emptied and bypassed until it is back.
 */
@Injectable()
export class SessionResolver implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('sessions');
  readonly cache = new SessionCache(cacheMaxEntries(), cacheTtlMs());
  /** Access tokens (ADR 0065), by the same key (the SHA-256 of the secret) and dropped by the same message. */
  readonly tokenCache = new SessionCache<CachedToken>(cacheMaxEntries(), cacheTtlMs());
  /** Each access token's requests on this instance (ADR 0065). */
  readonly tokenLimits = new AccessTokenLimiter(readRateLimit('KILN_LIMIT_ACCESS_TOKEN_REQUESTS', ACCESS_TOKEN_RATE_LIMIT.perToken));
  private nats?: NatsConnection;
  private listening = false;
  /** Bumped by every revocation: an answer that was in flight meanwhile is not cached (it may predate it). */
  private revocations = 0;
  private readonly inFlight = new Map<string, Promise<ResolvedSession>>();

  constructor(private readonly services: ServiceClient) {}

  async onModuleInit(): Promise<void> {
    this.nats = await connectNats(readConfig(), 'kiln-bff-sessions');
    this.nats.subscribe(nsSubject(SESSION_REVOKED), {
      callback: (error, message) => {
        if (error) return;
        let payload: unknown;
        try {
          payload = message.json();
        } catch {
          return;
        }
        const key = revokedKey(payload);
        if (key) this.forget(key);
      },
    });
    await this.nats.flush();
    this.listening = true;
    void this.watchConnection(this.nats);
  }

  async resolve(token: string): Promise<ResolvedSession> {
    const key = sessionKey(token);
    const cached = this.listening ? this.cache.get(key) : undefined;
    if (cached) return { user: cached.user, expiresAt: new Date(cached.expiresAt).toISOString() };
    // Many requests of one page arrive together: one question to the workspace answers them all.
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const revocationsBefore = this.revocations;
    const asking = this.services.call(WorkspaceRpc.resolveSession, { token }).then((session) => {
      if (this.listening && this.revocations === revocationsBefore) this.cache.set(key, { user: session.user, expiresAt: Date.parse(session.expiresAt) });
      return session;
    });
    this.inFlight.set(key, asking);
    try {
      return await asking;
    } finally {
      this.inFlight.delete(key);
    }
  }

  /**
   * Whom an access token's secret acts as, with its scopes (401 from the workspace when it is not live). Kept
   * like a session until its expiry, the TTL or its revocation; a team token is asked every time, since it
   * stops working as soon as its maker no longer owns the team (ADR 0065). The workspace writes the
   * last-used time when it is asked, at most once a minute.
   */
  async resolveAccessToken(secret: string): Promise<ResolvedAccessToken> {
    const key = sessionKey(secret);
    const cached = this.listening ? this.tokenCache.get(key) : undefined;
    if (cached) return cached.token;
    const revocationsBefore = this.revocations;
    const token = await this.services.call(WorkspaceRpc.resolveAccessToken, { secret });
    if (this.listening && this.revocations === revocationsBefore && token.teamId === null)
      this.tokenCache.set(key, { user: token.user, expiresAt: token.expiresAt ? Date.parse(token.expiresAt) : Infinity, token });
    return token;
  }

  /**
   * Asks the workspace, whatever is cached, and keeps the answer: for GET /api/auth/me, the one answer
   * that shows the person's name, so a profile change (on any instance) shows at once (ADR 0021).
   */
  async refresh(token: string): Promise<ResolvedSession> {
    const revocationsBefore = this.revocations;
    const session = await this.services.call(WorkspaceRpc.resolveSession, { token });
    if (this.listening && this.revocations === revocationsBefore)
      this.cache.set(sessionKey(token), { user: session.user, expiresAt: Date.parse(session.expiresAt) });
    return session;
  }

  /**
   * Ends a session on every instance: dropped here before answering, then announced; the flush means
   * the NATS server has it (and sends it on to the other instances) before the sign-out is answered.
   */
  async revoke(token: string): Promise<void> {
    await this.revokeKey(sessionKey(token));
  }

  /** The same by key (the SHA-256 of the secret): how an access token is revoked (ADR 0065). */
  async revokeKey(key: string): Promise<void> {
    this.forget(key);
    if (!this.nats) return;
    this.nats.publish(nsSubject(SESSION_REVOKED), JSON.stringify({ room: roomOfKey(key) }));
    await this.nats.flush().catch(() => undefined);
  }

  private forget(key: string): void {
    this.revocations++;
    this.cache.drop(key);
    this.tokenCache.drop(key);
    this.inFlight.delete(key);
  }

  private async watchConnection(nats: NatsConnection): Promise<void> {
    for await (const status of nats.status()) {
      if (status.type === 'disconnect') {
        this.listening = false;
        this.revocations++;
        this.cache.clear();
        this.tokenCache.clear();
        this.logger.warn('NATS connection lost: sessions are resolved by the workspace until it is back');
      } else if (status.type === 'reconnect') {
        this.listening = true;
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nats?.close().catch(() => undefined);
  }
}

/** `KILN_SESSION_CACHE_TTL` (duration, default 60s): the longest a cached session is trusted without asking again. */
function cacheTtlMs(env: NodeJS.ProcessEnv = process.env): number {
  return env.KILN_SESSION_CACHE_TTL ? parseDurationMs(env.KILN_SESSION_CACHE_TTL, 'KILN_SESSION_CACHE_TTL') : 60_000;
}

/** `KILN_SESSION_CACHE_MAX` (default 10,000): sessions cached per BFF instance. */
function cacheMaxEntries(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.KILN_SESSION_CACHE_MAX);
  return Number.isInteger(value) && value > 0 ? value : 10_000;
}
