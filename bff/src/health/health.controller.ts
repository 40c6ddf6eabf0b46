import { Controller, Get, Res } from '@nestjs/common';
import { HealthRpc, SERVICE_NAMES } from '@kiln/contracts';
import type { Response } from 'express';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { ServiceClient } from '../services/service-client';

/** What a service answers on its health subject, plus whatever details it adds (dead letters, ...). */
type ServiceHealth = { service: string; status: string; database?: boolean; nats?: boolean; [detail: string]: unknown };

/**
 * 200 when every service reaches its database and NATS, the BFF's own NATS connection is up and its
 * live-update feed reads the stream; otherwise 503 naming each dependency that is down. Both answers
 * carry each service's health (with its extra details passed through) and the feed's counters.
 */
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly services: ServiceClient,
    private readonly realtime: RealtimeGateway,
  ) {}

  @Get()
  async health(@Res({ passthrough: true }) response: Response) {
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
    else if (!details.liveUpdates) down.push({ name: 'live updates', path: 'bff.liveUpdates', message: 'Live updates have stopped: the BFF does not read the event stream.' });
    for (const { service, status, database, nats } of services) {
      if (status === 'unreachable') down.push({ name: service, path: service, message: `The ${service} service does not answer.` });
      else {
        if (database !== true) down.push({ name: `${service} database`, path: `${service}.database`, message: `The ${service} service cannot reach its database.` });
        if (nats !== true) down.push({ name: `${service} NATS`, path: `${service}.nats`, message: `The ${service} service has lost NATS.` });
      }
    }
    if (down.length) {
      response.status(503);
      const errors = down.map(({ path, message }) => ({ path, message }));
      return { statusCode: 503, message: `Not ready: ${down.map((d) => d.name).join(', ')}`, errors, services, details };
    }
    return { status: 'ok', services, details };
  }
}
