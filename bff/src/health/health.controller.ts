import { Controller, Get, HttpException } from '@nestjs/common';
import { HealthRpc, SERVICE_NAMES } from '@kiln/contracts';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { ServiceClient } from '../services/service-client';

/** 200 when the BFF (with its live-update feed) and all four services answer; 503 naming what does not. */
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly services: ServiceClient,
    private readonly realtime: RealtimeGateway,
  ) {}

  @Get()
  async health() {
    const results = await Promise.all(
      SERVICE_NAMES.map((name) =>
        this.services.call(HealthRpc(name), {}, 2000).then(
          (health) => ({ name, ok: health.database && health.nats }),
          () => ({ name, ok: false }),
        ),
      ),
    );
    const down = results.filter((r) => !r.ok).map((r) => r.name as string);
    if (!this.realtime.ready) down.push('live updates');
    if (down.length) throw new HttpException({ statusCode: 503, message: `Not ready: ${down.join(', ')}` }, 503);
    return { status: 'ok', services: results.map((r) => r.name) };
  }
}
