import { Module } from '@nestjs/common';
import { PLUGIN_REGISTRY_STREAM } from '@kiln/contracts';
import { KilnServiceModule, limitCommandsPerUser, rpcController } from '@kiln/service-kit';
import { NatsMediaOwnership } from './adapters/nats-media';
import { PgPluginsRepository } from './adapters/pg-plugins.repository';
import { pluginRegistryMigrations } from './migrations';
import { PIPELINE_CONFIG, readPipelineConfig } from './pipeline/pipeline-config';
import { PipelineRunner } from './pipeline/pipeline-runner';
import { PluginReadModel } from './plugins/plugin-read-model';
import { pluginRegistryRoutes } from './plugins/plugin-registry.routes';
import { pluginRegistryProjections } from './projections/plugin-registry.projections';
import { SCHEMA } from './schema';

/** The plugin-registry context (spec 001; ADR 0025, 0026): plugins, versions and the build pipeline. */
@Module({
  imports: [
    KilnServiceModule.forService({
      service: 'plugin-registry',
      schema: SCHEMA,
      migrations: pluginRegistryMigrations,
      streams: [PLUGIN_REGISTRY_STREAM],
      projections: pluginRegistryProjections,
      beforeCommand: limitCommandsPerUser(),
    }),
  ],
  controllers: [rpcController('PluginRegistryRpcController', pluginRegistryRoutes)],
  providers: [{ provide: PIPELINE_CONFIG, useFactory: () => readPipelineConfig() }, PgPluginsRepository, PluginReadModel, PipelineRunner, NatsMediaOwnership],
})
export class PluginRegistryModule {}
