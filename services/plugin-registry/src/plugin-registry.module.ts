import { Module } from '@nestjs/common';
import { KilnServiceModule } from '@kiln/service-kit';
import * as initial from './migrations/0001-initial';

/** The plugin-registry context: it starts, owns schema `plugin_registry` and answers health; its features come with their issues. */
@Module({
  imports: [
    KilnServiceModule.forService({
      service: 'plugin-registry',
      schema: 'plugin_registry',
      migrations: { '0001-initial': initial },
      streams: [{ name: 'PLUGIN_REGISTRY_EVENTS', subjects: ['evt.plugin-registry.>'] }],
      projections: [],
    }),
  ],
})
export class PluginRegistryModule {}
