import { Module } from '@nestjs/common';
import { KilnServiceModule } from '@kiln/service-kit';
import * as initial from './migrations/0001-initial';

/** The commerce context: it starts, owns schema `commerce` and answers health; its features come with their issues. */
@Module({
  imports: [
    KilnServiceModule.forService({
      service: 'commerce',
      schema: 'commerce',
      migrations: { '0001-initial': initial },
      streams: [{ name: 'COMMERCE_EVENTS', subjects: ['evt.commerce.>'] }],
      projections: [],
    }),
  ],
})
export class CommerceModule {}
