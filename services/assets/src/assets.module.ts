import { Module } from '@nestjs/common';
import { KilnServiceModule } from '@kiln/service-kit';
import * as initial from './migrations/0001-initial';

/** The assets context: it starts, owns schema `assets` and answers health; its features come with their issues. */
@Module({
  imports: [
    KilnServiceModule.forService({
      service: 'assets',
      schema: 'assets',
      migrations: { '0001-initial': initial },
      streams: [{ name: 'ASSETS_EVENTS', subjects: ['evt.assets.>'] }],
      projections: [],
    }),
  ],
})
export class AssetsModule {}
