import { Controller, Get, HttpException } from '@nestjs/common';
import { HealthRpc, SERVICE_NAMES } from '@kiln/contracts';
import { ServiceClient } from '../services/service-client';

/** 200 when the BFF and all four services answer; 503 naming the ones that do not. */
@Controller('api/health')
export class HealthController {
  constructor(private readonly services: ServiceClient) {}

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
    const down = results.filter((r) => !r.ok).map((r) => r.name);
    if (down.length) throw new HttpException({ statusCode: 503, message: `Not ready: ${down.join(', ')}` }, 503);
    return { status: 'ok', services: results.map((r) => r.name) };
  }
}
