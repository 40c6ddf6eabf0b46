import 'reflect-metadata';
import { Controller, DynamicModule, INestMicroservice, Inject, Logger, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { MessagePattern, MicroserviceOptions, NatsContext, NatsOptions, ServerNats } from '@nestjs/microservices';
import { headers as natsHeaders, Msg } from 'nats';
import { isObservable, lastValueFrom } from 'rxjs';
import { healthSubject, ServiceName } from '@kiln/contracts';
import { KilnConfig, nsSubject, readConfig } from '../config';
import { isErrorBody, toErrorBody } from '../errors';
import { connectNats, natsConnectionOptions } from '../nats/jetstream';
import { REPLY_BARE, REPLY_ERROR, REPLY_HEADER, REPLY_OK } from './bare-reply';
import { RpcErrorFilter } from './rpc-error.filter';
import { PROOF_HEADER, ProofRefusal, readRpcKeys, RPC_REFUSAL, RpcVerifier } from './rpc-proof';
import { DB, ServiceDefinition, ServiceRuntime } from './service-runtime';

function healthController(service: ServiceName): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(@Inject(ServiceRuntime) private readonly runtime: ServiceRuntime) {}

    @MessagePattern(nsSubject(healthSubject(service)))
    async health() {
      return { service, status: 'ok' as const, ...(await this.runtime.healthy()) };
    }
  }
  return HealthController;
}

/**
 * The settings a started service connects with (its NATS user above all). `startService` provides them to
 * the service's app, so that several services hosted in one process (deploy/src/host.ts, ADR 0073) each
 * connect as themselves; a module built without it (a test's) uses the `config` of `forService`.
 */
export const SERVICE_CONFIG = Symbol('service config');

/**
 * The module every service imports: CQRS, the runtime (db, NATS, outbox relay, projections), the
 * `DB` token for repositories, and the health answer.
 */
@Module({})
export class KilnServiceModule {
  static forService(definition: ServiceDefinition & { service: ServiceName }, config: KilnConfig = readConfig()): DynamicModule {
    return {
      module: KilnServiceModule,
      global: true,
      imports: [CqrsModule.forRoot()],
      controllers: [healthController(definition.service)],
      providers: [
        {
          provide: ServiceRuntime,
          useFactory: (started?: KilnConfig) => new ServiceRuntime(definition, started ?? config),
          inject: [{ token: SERVICE_CONFIG, optional: true }],
        },
        { provide: DB, useFactory: (runtime: ServiceRuntime) => runtime.db, inject: [ServiceRuntime] },
      ],
      exports: [ServiceRuntime, DB, CqrsModule],
    };
  }
}

/** What KilnServerNats checks: proofs with `verifier`, except on the `open` subjects (health). */
export interface ProofCheck {
  verifier: RpcVerifier;
  open: readonly string[];
}

/**
 * Nest's NATS server, with every request's proof checked first (ADR 0040) and one cost removed: for
 * every message Nest first tries `JSON.parse` on the subject (a pattern may be a JSON object), which
 * throws for our dotted subjects — on every request, a thrown SyntaxError costing more than the lookup
 * itself. A subject registered as is (never JSON: `rpc.…`, `<ns>.rpc.…`) is looked up directly; anything
 * else goes Nest's way.
 */
export class KilnServerNats extends ServerNats {
  private readonly open: ReadonlySet<string>;
  private readonly proofLog = new Logger('rpc-proof');
  private refused = { count: 0, loggedAt: 0 };

  constructor(
    options: Required<NatsOptions>['options'],
    private readonly proofs: ProofCheck,
  ) {
    super(options);
    this.open = new Set(proofs.open);
  }

  protected override getRouteFromPattern(pattern: string): string {
    return this.messageHandlers.has(pattern) ? pattern : super.getRouteFromPattern(pattern);
  }

  /**
   * Every message, with or without a reply subject, runs a handler only with a good `Kiln-Proof` (the
   * open subjects aside); otherwise it is answered RPC_REFUSAL (401) in the form it asked for. Then a
   * request asking for a bare reply (the BFF's, see bare-reply.ts) runs the same Nest handler (its
   * exception filter included) and is answered with the reply's JSON alone; any other goes Nest's way.
   */
  override async handleMessage(channel: string, message: Msg): Promise<void> {
    if (!this.open.has(channel)) {
      const refusal = this.proofs.verifier.check(message.subject, message.headers?.get(PROOF_HEADER), message.data);
      if (refusal) return this.refuse(message, refusal);
    }
    if (!message.reply || message.headers?.get(REPLY_HEADER) !== REPLY_BARE) return super.handleMessage(channel, message);
    const answer = (kind: string, body: unknown) => {
      const headers = natsHeaders();
      headers.set(REPLY_HEADER, kind);
      message.respond(JSON.stringify(body ?? null), { headers });
    };
    const handler = this.getHandlerByPattern(channel);
    if (!handler) return answer(REPLY_ERROR, { statusCode: 404, message: 'Not found' });
    try {
      const data = message.data.length ? message.json() : undefined;
      // The filter (RpcErrorFilter) turns a failure into an observable that errors with its ErrorBody.
      const result = await handler(data, new NatsContext([message.subject, message.headers]));
      answer(REPLY_OK, isObservable(result) ? await lastValueFrom(result) : result);
    } catch (error) {
      answer(REPLY_ERROR, isErrorBody(error) ? error : toErrorBody(error));
    }
  }

  /** Answers RPC_REFUSAL as a bare reply or in Nest's packet (with the request's id), and says so in the log (at most once a minute). */
  private refuse(message: Msg, refusal: ProofRefusal): void {
    this.refused.count += 1;
    const now = Date.now();
    if (now - this.refused.loggedAt >= 60_000) {
      this.proofLog.warn(
        `refused ${this.refused.count} request(s) without a good Kiln-Proof since the last report; the last on ${message.subject}: ${refusal}`,
      );
      this.refused = { count: 0, loggedAt: now };
    }
    if (!message.reply) return;
    if (message.headers?.get(REPLY_HEADER) === REPLY_BARE) {
      const headers = natsHeaders();
      headers.set(REPLY_HEADER, REPLY_ERROR);
      message.respond(JSON.stringify(RPC_REFUSAL), { headers });
      return;
    }
    let id: unknown;
    try {
      id = (JSON.parse(message.string()) as { id?: unknown } | null)?.id;
    } catch {
      /* not even Nest's packet */
    }
    message.respond(JSON.stringify({ err: RPC_REFUSAL, isDisposed: true, ...(typeof id === 'string' ? { id } : {}) }));
  }
}

/** The root of a started service's app: its module, with `SERVICE_CONFIG` visible to all of it. */
@Module({})
class StartedService {}

export interface StartServiceOptions {
  /**
   * Stop on SIGTERM/SIGINT by itself (Nest's shutdown hooks, which end the process once this app is
   * closed). Default true; a host of several services closes them all itself, then exits.
   */
  shutdownHooks?: boolean;
}

/** Starts a service as a NATS microservice in the queue group named after it (so instances share work). */
export async function startService(
  service: ServiceName,
  appModule: Type<unknown>,
  config: KilnConfig = readConfig(),
  options: StartServiceOptions = {},
): Promise<INestMicroservice> {
  // Before anything else: without the key no request could be checked, and the service never runs unchecked.
  const verifier = new RpcVerifier(readRpcKeys());
  const proofs = { verifier, open: [nsSubject(healthSubject(service)), nsSubject(healthSubject(service), config.namespace)] };
  const root: DynamicModule = {
    module: StartedService,
    global: true,
    imports: [appModule],
    providers: [{ provide: SERVICE_CONFIG, useValue: config }],
    exports: [SERVICE_CONFIG],
  };
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(root, {
    strategy: new KilnServerNats({ ...natsConnectionOptions(config, `kiln-${service}-rpc`), queue: nsSubject(`kiln-${service}`) }, proofs),
    logger: ['error', 'warn', 'log'],
  });
  app.useGlobalFilters(new RpcErrorFilter());
  if (options.shutdownHooks ?? true) app.enableShutdownHooks();
  await app.listen();
  await untilAnswering(service, config);
  return app;
}

/**
 * Nest resolves `listen()` before the NATS server has registered its subscriptions, so a request sent
 * at once from another connection can find no responder. Started means answering: ask our own health.
 */
async function untilAnswering(service: ServiceName, config: KilnConfig, timeoutMs = 10_000): Promise<void> {
  const nc = await connectNats(config, `kiln-${service}-startup`);
  const subject = nsSubject(healthSubject(service), config.namespace);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      try {
        await nc.request(subject, JSON.stringify({ pattern: subject, data: {}, id: 'startup' }), { timeout: 1000 });
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`${service} does not answer on ${subject}: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  } finally {
    await nc.close();
  }
}
