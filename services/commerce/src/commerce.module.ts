import { Module } from '@nestjs/common';
import { COMMERCE_STREAM, WORKSPACE_STREAM } from '@kiln/contracts';
import { CLOCK, KilnServiceModule, limitCommandsPerUser, rpcController, systemClock } from '@kiln/service-kit';
import { NatsPeople } from './business-records/adapters/nats-people';
import { PgRecordReadModel } from './business-records/adapters/pg-record-read-model';
import { PgRecordStore } from './business-records/adapters/pg-record-store';
import { ChangeRecordHandler } from './business-records/commands/change-record/change-record.handler';
import { CreateRecordHandler } from './business-records/commands/create-record/create-record.handler';
import { DeleteRecordHandler } from './business-records/commands/delete-record/delete-record.handler';
import { UpdateRecordHandler } from './business-records/commands/update-record/update-record.handler';
import { PEOPLE } from './business-records/ports/people.port';
import { RECORD_READ_MODEL } from './business-records/ports/record-read-model.port';
import { RECORD_STORE } from './business-records/ports/record-store.port';
import { GetRecordHandler } from './business-records/queries/get-record/get-record.handler';
import { ListRecordsHandler } from './business-records/queries/list-records/list-records.handler';
import { RecordHistoryHandler } from './business-records/queries/record-history/record-history.handler';
import { RecordTagsHandler } from './business-records/queries/record-tags/record-tags.handler';
import { NatsCatalogModels } from './catalog/adapters/nats-catalog-models';
import { PgCatalogItems } from './catalog/adapters/pg-catalog-items';
import { catalogRoutes } from './catalog/catalog.routes';
import { AddToCatalogHandler } from './catalog/commands/add-to-catalog/add-to-catalog.handler';
import { ChangeCatalogItemHandler } from './catalog/commands/change-catalog-item/change-catalog-item.handler';
import { CATALOG_ITEMS } from './catalog/ports/catalog-items.port';
import { CATALOG_MODELS } from './catalog/ports/catalog-models.port';
import { ProjectCatalogOnCatalogEvents } from './catalog/projections/project-catalog-on-catalog-events';
import { LookUpModelHandler } from './catalog/queries/look-up-model/look-up-model.handler';
import { FollowModelsOnModelEvents } from './catalog/reactions/follow-models-on-model-events';
import { SCHEMA } from './database.types';
import { PgMaterialReadModel } from './materials/adapters/pg-material-read-model';
import { materialRoutes } from './materials/materials.routes';
import { MATERIAL_READ_MODEL } from './materials/ports/material-read-model.port';
import { ProjectMaterialsOnMaterialEvents } from './materials/projections/project-materials-on-material-events';
import { MaterialTreeHandler } from './materials/queries/material-tree/material-tree.handler';
import { commerceMigrations } from './migrations';
import { ConfiguredModerators } from './products/adapters/configured-moderators';
import { NatsWorkspaceModels } from './products/adapters/nats-workspace-models';
import { PgProductReadModel } from './products/adapters/pg-product.read-model';
import { PgProductRepository } from './products/adapters/pg-product.repository';
import { ModerateProductHandler } from './products/commands/moderate-product/moderate-product.handler';
import { PublishProductHandler } from './products/commands/publish-product/publish-product.handler';
import { UpdateProductHandler } from './products/commands/update-product/update-product.handler';
import { MODERATORS } from './products/ports/moderators.port';
import { PRODUCT_REPOSITORY } from './products/ports/product.repository.port';
import { WORKSPACE_MODELS } from './products/ports/workspace-models.port';
import { productRoutes } from './products/products.routes';
import { ProjectProductsOnProductEvents } from './products/projections/project-products-on-product-events';
import { GetProductHandler } from './products/queries/get-product/get-product.handler';
import { ListModerationHandler } from './products/queries/list-moderation/list-moderation.handler';
import { ListProductsHandler } from './products/queries/list-products/list-products.handler';
import { GetServiceHandler } from './services/queries/get-service/get-service.handler';
import { ListServicesHandler } from './services/queries/list-services/list-services.handler';
import { ProjectServicesOnServiceEvents } from './services/projections/project-services-on-service-events';
import { serviceRoutes } from './services/services.routes';
import { PgBusinessAccess } from './team-access/adapters/pg-business-access';
import { BUSINESS_ACCESS } from './team-access/ports/business-access.port';
import { FollowTeamsOnTeamEvents } from './team-access/projections/follow-teams-on-team-events';

/** Projections of the commerce context, in the order a rebuild runs them. */
export const commerceProjections = [
  ProjectProductsOnProductEvents,
  FollowTeamsOnTeamEvents,
  ProjectMaterialsOnMaterialEvents,
  ProjectServicesOnServiceEvents,
  ProjectCatalogOnCatalogEvents,
  FollowModelsOnModelEvents,
];

/** Products: publish, update, moderate; get, list, moderation queue (ADR 0022). */
const products = [
  { provide: PRODUCT_REPOSITORY, useClass: PgProductRepository },
  { provide: WORKSPACE_MODELS, useClass: NatsWorkspaceModels },
  { provide: MODERATORS, useClass: ConfiguredModerators },
  PgProductReadModel,
  PublishProductHandler,
  UpdateProductHandler,
  ModerateProductHandler,
  GetProductHandler,
  ListProductsHandler,
  ListModerationHandler,
];

/** Business records (ADR 0029): the generic use cases, then each area's own. */
const businessRecords = [
  { provide: BUSINESS_ACCESS, useClass: PgBusinessAccess },
  { provide: PEOPLE, useClass: NatsPeople },
  { provide: RECORD_STORE, useClass: PgRecordStore },
  { provide: RECORD_READ_MODEL, useClass: PgRecordReadModel },
  CreateRecordHandler,
  ChangeRecordHandler,
  UpdateRecordHandler,
  DeleteRecordHandler,
  ListRecordsHandler,
  GetRecordHandler,
  RecordHistoryHandler,
  RecordTagsHandler,
  // materials
  { provide: MATERIAL_READ_MODEL, useClass: PgMaterialReadModel },
  MaterialTreeHandler,
  // services
  ListServicesHandler,
  GetServiceHandler,
  // catalog (ADR 0027)
  { provide: CATALOG_MODELS, useClass: NatsCatalogModels },
  { provide: CATALOG_ITEMS, useClass: PgCatalogItems },
  AddToCatalogHandler,
  ChangeCatalogItemHandler,
  LookUpModelHandler,
];

/**
 * The commerce context (event-sourced, ADR 0022): products and their moderation, and the business
 * records (materials, services, catalog) on the same event store.
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
  controllers: [rpcController('CommerceRpcController', productRoutes), rpcController('BusinessRecordsRpcController', [...materialRoutes, ...serviceRoutes, ...catalogRoutes])],
  providers: [{ provide: CLOCK, useValue: systemClock }, ...products, ...businessRecords],
})
export class CommerceModule {}
