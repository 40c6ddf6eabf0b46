import { Controller, Get } from '@nestjs/common';
import { buildAsyncApi, buildOpenApi } from '@kiln/contracts/docs';

/** API documents generated from the zod contracts: HTTP (OpenAPI) and events (AsyncAPI). */
@Controller('api/docs')
export class DocsController {
  private readonly openApi = buildOpenApi();
  private readonly asyncApi = buildAsyncApi();

  @Get()
  openapi() {
    return this.openApi;
  }

  @Get('events')
  events() {
    return this.asyncApi;
  }
}
