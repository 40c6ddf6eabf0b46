import { Module } from '@nestjs/common';
import { ASSETS_STREAM, COMMERCE_STREAM, WORKSPACE_STREAM } from '@kiln/contracts';
import { CLOCK, KilnServiceModule, limitCommandsPerUser, rpcController, systemClock } from '@kiln/service-kit';
import { SCHEMA } from './database.types';
import { workspaceMigrations } from './migrations';
import { workspaceProjections } from './read-models';
import { workspacePruneHooks } from './workspace-prune';
import { workspaceProviders, workspaceRoutes } from './workspace.routes';

/** The workspace's NATS face: every area's routes (workspace.routes.ts). */
const WorkspaceRpcController = rpcController('WorkspaceRpcController', workspaceRoutes);

@Module({
  imports: [
    KilnServiceModule.forService({
      service: 'workspace',
      schema: SCHEMA,
      migrations: workspaceMigrations,
      // COMMERCE_EVENTS too: the publishing reaction consumes it, whichever service starts first (ADR 0022).
      // ASSETS_EVENTS: the asset items follow their media's previews (ADR 0052).
      streams: [WORKSPACE_STREAM, COMMERCE_STREAM, ASSETS_STREAM],
      projections: workspaceProjections,
      prune: workspacePruneHooks,
      beforeCommand: limitCommandsPerUser(),
    }),
  ],
  controllers: [WorkspaceRpcController],
  providers: [{ provide: CLOCK, useValue: systemClock }, ...workspaceProviders],
})
export class WorkspaceModule {}
