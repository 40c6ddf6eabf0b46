import { Module } from '@nestjs/common';
import { COMMERCE_STREAM, WORKSPACE_STREAM } from '@kiln/contracts';
import { KilnServiceModule, limitCommandsPerUser, rpcController } from '@kiln/service-kit';
import { catalogSlice } from './business/catalog/catalog.slice';
import { materialRoutes } from './business/materials/materials.routes';
import { ProjectMaterialsOnMaterialEvents } from './business/materials/projections/project-materials-on-material-events';
import { ProjectServicesOnServiceEvents } from './business/services/projections/project-services-on-service-events';
import { serviceRoutes } from './business/services/services.routes';
import { NatsPeople } from './business/records/adapters/nats-people';
import { PgRecordStore } from './business/records/adapters/pg-record-store';
import { RecordDeps } from './business/records/business-records.deps';
import { PEOPLE } from './business/records/ports/people.port';
import { PgBusinessAccess } from './business/team-access/adapters/pg-business-access';
import { BUSINESS_ACCESS } from './business/team-access/ports/business-access.port';
import { FollowTeamsOnTeamEvents } from './business/team-access/projections/follow-teams-on-team-events';
import { SCHEMA } from './database.types';
import { commerceMigrations } from './migrations';
import { ConfiguredModerators } from './products/adapters/configured-moderators';
import { NatsWorkspaceModels } from './products/adapters/nats-workspace-models';
import { PgProductReadModel } from './products/adapters/pg-product.read-model';
import { PgProductRepository } from './products/adapters/pg-product.repository';
import { ModerateProductHandler } from './products/commands/moderate-product/moderate-product.handler';
import { PublishProductHandler } from './products/commands/publish-product/publish-product.handler';
import { UpdateProductHandler } from './products/commands/update-product/update-product.handler';
import { CLOCK, systemClock } from '@kiln/service-kit';
import { MODERATORS } from './products/ports/moderators.port';
import { PRODUCT_REPOSITORY } from './products/ports/product.repository.port';
import { WORKSPACE_MODELS } from './products/ports/workspace-models.port';
import { productRoutes } from './products/products.routes';
import { ProjectProductsOnProductEvents } from './products/projections/project-products-on-product-events';
import { GetProductHandler } from './products/queries/get-product/get-product.handler';
import { ListModerationHandler } from './products/queries/list-moderation/list-moderation.handler';
import { ListProductsHandler } from './products/queries/list-products/list-products.handler';

/** Projections of the commerce context, in the order a rebuild runs them. */
export const commerceProjections = [ProjectProductsOnProductEvents, FollowTeamsOnTeamEvents, ProjectMaterialsOnMaterialEvents, ProjectServicesOnServiceEvents, ...catalogSlice.projections];

/**
 * The commerce context (event-sourced, ADR 0022): products and their moderation now; the business
 * dashboard builds on the same event store.
 */
@Module({
  imports: [
    KilnServiceModule.forService({
      service: 'commerce',
      schema: SCHEMA,
      migrations: commerceMigrations,
      // WORKSPACE_EVENTS too: business records follow team roles (ADR 0029), whichever service starts first.
      streams: [COMMERCE_STREAM, WORKSPACE_STREAM],
      projections: commerceProjections,
      beforeCommand: limitCommandsPerUser(),
    }),
  ],
  controllers: [rpcController('CommerceRpcController', productRoutes), rpcController('BusinessRecordsRpcController', [...materialRoutes, ...serviceRoutes, ...catalogSlice.routes])],
  providers: [
    { provide: PRODUCT_REPOSITORY, useClass: PgProductRepository },
    { provide: WORKSPACE_MODELS, useClass: NatsWorkspaceModels },
    { provide: MODERATORS, useClass: ConfiguredModerators },
    { provide: CLOCK, useValue: systemClock },
    PgProductReadModel,
    { provide: BUSINESS_ACCESS, useClass: PgBusinessAccess },
    { provide: PEOPLE, useClass: NatsPeople },
    PgRecordStore,
    RecordDeps,
    ...catalogSlice.providers,
    PublishProductHandler,
    UpdateProductHandler,
    ModerateProductHandler,
    GetProductHandler,
    ListProductsHandler,
    ListModerationHandler,
  ],
})
export class CommerceModule {}
