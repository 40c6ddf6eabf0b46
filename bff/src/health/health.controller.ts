import { Controller, Get, Req, Res } from '@nestjs/common';
import { HealthRpc, SERVICE_NAMES } from '@kiln/contracts';
import type { Request, Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { ServiceClient } from '../services/service-client';

/** What a service answers on its health subject, plus whatever details it adds (dead letters, ...). */
type ServiceHealth = { service: string; status: string; database?: boolean; nats?: boolean; [detail: string]: unknown };

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether the request carries the operator's token (`Authorization: Bearer <KILN_HEALTH_TOKEN>`), compared
 * in constant time. Without KILN_HEALTH_TOKEN no request does: the details are then on the services' NATS
 * health subjects only.
 */
export function carriesHealthToken(authorization: string | undefined, token: string | undefined = process.env.KILN_HEALTH_TOKEN): boolean {
  const given = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return !!token && !!given && timingSafeEqual(digest(given), digest(token));
}

/**
 * 200 `{status: 'up'}` when every service reaches its database and NATS, the BFF's own NATS connection is up
 * and its live-update feed reads the stream; otherwise 503 `{status: 'down'}`. That is all an anonymous
 * caller (a load balancer, anyone) learns. The operator, with `KILN_HEALTH_TOKEN`, also gets the reason
 * (each dependency that is down), each service's health with its extra details (dead letters, ...) and the
 * feed's counters (ADR 0042).
 */
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly services: ServiceClient,
    private readonly realtime: RealtimeGateway,
  ) {}

  @Get()
  async health(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const operator = carriesHealthToken(request.headers.authorization);
    const services: ServiceHealth[] = await Promise.all(
      SERVICE_NAMES.map((name) =>
        this.services.call(HealthRpc(name), {}, 2000).then(
          (health) => ({ ...(health as ServiceHealth), service: name }),
          () => ({ service: name, status: 'unreachable' }),
        ),
      ),
    );
    const details = this.realtime.status();
    const down: { name: string; path: string; message: string }[] = [];
    // The BFF's own NATS first: while it is down, the services look unreachable only because of it.
    if (!details.nats) down.push({ name: 'NATS', path: 'bff.nats', message: 'The BFF has lost NATS.' });
    else if (!details.liveUpdates)
      down.push({ name: 'live updates', path: 'bff.liveUpdates', message: 'Live updates have stopped: the BFF does not read the event stream.' });
    for (const { service, status, database, nats } of services) {
      if (status === 'unreachable') down.push({ name: service, path: service, message: `The ${service} service does not answer.` });
      else {
        if (database !== true)
          down.push({ name: `${service} database`, path: `${service}.database`, message: `The ${service} service cannot reach its database.` });
        if (nats !== true) down.push({ name: `${service} NATS`, path: `${service}.nats`, message: `The ${service} service has lost NATS.` });
      }
    }
    if (down.length) response.status(503);
    const status = down.length ? ('down' as const) : ('up' as const);
    if (!operator) return { status };
    if (!down.length) return { status, services, details };
    const errors = down.map(({ path, message }) => ({ path, message }));
    return { status, statusCode: 503, message: `Not ready: ${down.map((d) => d.name).join(', ')}`, errors, services, details };
  }
}
