import { Module } from '@nestjs/common';
import { PLUGIN_REGISTRY_STREAM } from '@kiln/contracts';
import { CLOCK, KilnServiceModule, limitCommandsPerUser, rpcController, systemClock } from '@kiln/service-kit';
import { pluginRegistryMigrations } from './migrations';
import { PIPELINE_CONFIG, readPipelineConfig } from './pipeline/pipeline-config';
import { PipelineRunner } from './pipeline/pipeline-runner';
import { PIPELINE } from './pipeline/ports/pipeline.port';
import { ConfiguredDevelopers } from './plugins/adapters/configured-developers';
import { LocalPluginFiles } from './plugins/adapters/local-plugin-files';
import { NatsMediaOwnership } from './plugins/adapters/nats-media';
import { PgPluginReadModel } from './plugins/adapters/pg-plugin.read-model';
import { PgPluginsRepository } from './plugins/adapters/pg-plugins.repository';
import { AssignZipHandler } from './plugins/commands/assign-zip/assign-zip.handler';
import { CreatePluginHandler } from './plugins/commands/create-plugin/create-plugin.handler';
import { CreateVersionHandler } from './plugins/commands/create-version/create-version.handler';
import { DeletePluginHandler } from './plugins/commands/delete-plugin/delete-plugin.handler';
import { DeleteVersionHandler } from './plugins/commands/delete-version/delete-version.handler';
import { PublishVersionHandler } from './plugins/commands/publish-version/publish-version.handler';
import { UnpublishVersionHandler } from './plugins/commands/unpublish-version/unpublish-version.handler';
import { UpdatePluginHandler } from './plugins/commands/update-plugin/update-plugin.handler';
import { pluginsRoutes } from './plugins/plugins.routes';
import { DEVELOPERS } from './plugins/ports/developers.port';
import { MEDIA_OWNERSHIP } from './plugins/ports/media-ownership.port';
import { PLUGIN_FILES } from './plugins/ports/plugin-files.port';
import { PLUGINS_REPOSITORY } from './plugins/ports/plugins.repository.port';
import { pluginRegistryProjections } from './plugins/projections/plugins.projections';
import { GetPluginHandler } from './plugins/queries/get-plugin/get-plugin.handler';
import { ListActionsHandler } from './plugins/queries/list-actions/list-actions.handler';
import { ListLogsHandler } from './plugins/queries/list-logs/list-logs.handler';
import { ListMyPluginsHandler } from './plugins/queries/list-my-plugins/list-my-plugins.handler';
import { ListVersionsHandler } from './plugins/queries/list-versions/list-versions.handler';
import { PipelineInfoHandler } from './plugins/queries/pipeline-info/pipeline-info.handler';
import { PluginFileHandler } from './plugins/queries/plugin-file/plugin-file.handler';
import { PublicFileHandler } from './plugins/queries/public-file/public-file.handler';
import { PublicManifestHandler } from './plugins/queries/public-manifest/public-manifest.handler';
import { PublicPluginsHandler } from './plugins/queries/public-plugins/public-plugins.handler';
import { PublicVersionsHandler } from './plugins/queries/public-versions/public-versions.handler';
import { ValidatePluginIdHandler } from './plugins/queries/validate-plugin-id/validate-plugin-id.handler';
import { ValidateSlugHandler } from './plugins/queries/validate-slug/validate-slug.handler';
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
  controllers: [rpcController('PluginRegistryRpcController', pluginsRoutes)],
  providers: [
    { provide: PIPELINE_CONFIG, useFactory: () => readPipelineConfig() },
    // The pipeline uses the repository and runner classes directly; the use cases go through the ports.
    PgPluginsRepository,
    { provide: PLUGINS_REPOSITORY, useExisting: PgPluginsRepository },
    PipelineRunner,
    { provide: PIPELINE, useExisting: PipelineRunner },
    { provide: MEDIA_OWNERSHIP, useClass: NatsMediaOwnership },
    { provide: PLUGIN_FILES, useClass: LocalPluginFiles },
    { provide: DEVELOPERS, useClass: ConfiguredDevelopers },
    { provide: CLOCK, useValue: systemClock },
    PgPluginReadModel,
    CreatePluginHandler,
    UpdatePluginHandler,
    DeletePluginHandler,
    CreateVersionHandler,
    DeleteVersionHandler,
    AssignZipHandler,
    PublishVersionHandler,
    UnpublishVersionHandler,
    GetPluginHandler,
    ListMyPluginsHandler,
    ValidatePluginIdHandler,
    ValidateSlugHandler,
    ListVersionsHandler,
    ListActionsHandler,
    ListLogsHandler,
    PipelineInfoHandler,
    PublicPluginsHandler,
    PublicVersionsHandler,
    PublicManifestHandler,
    PublicFileHandler,
    PluginFileHandler,
  ],
})
export class PluginRegistryModule {}
