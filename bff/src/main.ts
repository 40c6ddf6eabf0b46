import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import { readRpcKeys } from '@kiln/service-kit';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { SessionResolver } from './auth/session-resolver';
import { BffModule } from './bff.module';
import { EventStreams } from './events/event-streams';
import { eventsFeed } from './events/events-feed';
import { contractRoutes } from './http/contract-routes';
import { jsonBody, noRequestOnClosingConnection, noStore, sameOriginOnly } from './http/hardening';
import { HttpErrorFilter } from './http/http-error.filter';
import { securityHeaders } from './http/security-headers';
import { staticAssets } from './http/static-assets';
import { allowedOrigins } from './http/origin';
import { modelViews } from './models/model-views';
import { pluginFiles } from './plugins/plugin-files';
import { trustProxySetting } from './http/trust-proxy';
import { ServiceClient } from './services/service-client';
import { storeHooks } from './store-hooks/store-hooks';
import { INCOMING_MEDIA_STORAGE, IncomingMediaStorage } from './uploads/media-storage';

/** The BFF: the web app, /api/* and socket.io on one port. */
export async function startBff(port = Number(process.env.PORT ?? 8080), webDist = process.env.WEB_DIST ?? resolve(__dirname, '../../web/dist')) {
  // No key, no start: every request to a service must carry its proof (ADR 0040). Checked before Nest says anything.
  readRpcKeys();
  // Nest's own body parsers stay off: jsonBody is the only one (JSON only, limits before reading).
  const app = await NestFactory.create<NestExpressApplication>(BffModule, { logger: ['error', 'warn', 'log'], bodyParser: false });
  app.set('trust proxy', trustProxySetting());
  // First: a request behind a refused body, on a connection being closed, is dropped (hardening.ts).
  app.use(noRequestOnClosingConnection);
  // Security headers (security-headers.ts); socket.io's engine adds the same to its answers (realtime.gateway.ts).
  app.use(securityHeaders);
  app.use(noStore);
  app.use(sameOriginOnly(allowedOrigins()));
  app.use(jsonBody);
  app.use(cookieParser());
  // Deployed plugin files, raw and cached for good (ADR 0047).
  app.use(pluginFiles(app.get(SessionResolver), app.get(ServiceClient)));
  // What the viewer and /embed/{id} read of a model, signed in or through its 'Everyone' link (ADR 0054).
  app.use(modelViews(app.get(SessionResolver), app.get(ServiceClient), app.get<IncomingMediaStorage>(INCOMING_MEDIA_STORAGE)));
  // Outside stores' order webhooks: the raw body, verified by the commerce service (ADR 0060).
  app.use(storeHooks(app.get(ServiceClient)));
  // GET /api/events: the caller's integration events, a long-polled page or Server-Sent Events (ADR 0066).
  app.use(eventsFeed(app.get(SessionResolver), app.get(ServiceClient), app.get(EventStreams)));
  // The pass-through routes of the contracts (plain express, ADR 0024); the hand-written ones are Nest's.
  app.use(contractRoutes(app.get(SessionResolver), app.get(ServiceClient)));
  app.useGlobalFilters(new HttpErrorFilter());
  app.enableShutdownHooks();
  // The built app, precompressed, hashed assets cached for good; client routes (/favorites, ...) get the app shell.
  if (existsSync(webDist)) app.use(staticAssets(webDist));
  await app.listen(port);
  return app;
}

if (require.main === module) void startBff();
