import { CommerceRpc, Product } from '@kiln/contracts';
import { answerAfterProjection, idempotencyClaim, RpcContext, rpcRoute, runIdempotent } from '@kiln/service-kit';
import { DomainError, PRODUCT_MESSAGES } from '@kiln/domain';
import { AreaRoutes } from '@kiln/service-kit';
import { SCHEMA } from '../database.types';
import { ConfiguredModerators } from './adapters/configured-moderators';
import { NatsWorkspaceModels } from './adapters/nats-workspace-models';
import { PgProductReadModel } from './adapters/pg-product.read-model';
import { PgProductRepository } from './adapters/pg-product.repository';
import { toProduct } from './adapters/product-mapper';
import { ModerateProductCommand } from './commands/moderate-product/moderate-product.command';
import { ModerateProductHandler } from './commands/moderate-product/moderate-product.handler';
import { ProductChange, PublishProductCommand } from './commands/publish-product/publish-product.command';
import { PublishProductHandler } from './commands/publish-product/publish-product.handler';
import { UpdateProductCommand } from './commands/update-product/update-product.command';
import { UpdateProductHandler } from './commands/update-product/update-product.handler';
import { MODERATORS } from './ports/moderators.port';
import { PRODUCT_REPOSITORY, ProductRepository } from './ports/product.repository.port';
import { WORKSPACE_MODELS } from './ports/workspace-models.port';
import { ProjectProductsOnProductEvents } from './projections/project-products-on-product-events';
import { GetProductHandler } from './queries/get-product/get-product.handler';
import { GetProductQuery } from './queries/get-product/get-product.query';
import { ListModerationHandler } from './queries/list-moderation/list-moderation.handler';
import { ListModerationQuery } from './queries/list-moderation/list-moderation.query';
import { ListProductsHandler } from './queries/list-products/list-products.handler';
import { ListProductsQuery } from './queries/list-products/list-products.query';

/** A command answers once product_view shows its change (read-your-writes, bounded wait). */
const answer = (context: RpcContext, change: ProductChange): Promise<Product> =>
  answerAfterProjection(context, [ProjectProductsOnProductEvents, change.eventIds], () => change.product);

/** The product a repeated publish created (its first answer was not remembered): from its events. */
async function committed(context: RpcContext, id: string): Promise<Product> {
  const product = await context.get<ProductRepository>(PRODUCT_REPOSITORY).load(id);
  if (!product) throw new DomainError('not-found', PRODUCT_MESSAGES.notFound);
  return toProduct(product.snapshot());
}

/** Products and their moderation (spec 000 §7; ADR 0022): publish, update, moderate; get, list, the moderation queue. */
export const productsRoutes: AreaRoutes = {
  providers: [
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
  ],
  projections: [ProjectProductsOnProductEvents],
  routes: [
    rpcRoute({
      rpc: CommerceRpc.publishProduct,
      kind: 'command',
      handle: ({ actor, body, idempotencyKey }, context) => {
        const claim = idempotencyClaim(CommerceRpc.publishProduct, { actor, body, idempotencyKey });
        return runIdempotent(
          context.runtime.db,
          SCHEMA,
          claim,
          async () => answer(context, await context.commands.execute(new PublishProductCommand(actor.userId, body, claim ?? undefined))),
          (id) => committed(context, id),
        );
      },
    }),
    rpcRoute({
      rpc: CommerceRpc.updateProduct,
      kind: 'command',
      handle: async ({ actor, body }, context) =>
        answer(context, await context.commands.execute(new UpdateProductCommand(actor.userId, body.id, body.changes))),
    }),
    rpcRoute({
      rpc: CommerceRpc.moderateProduct,
      kind: 'command',
      handle: async ({ actor, body }, context) =>
        answer(context, await context.commands.execute(new ModerateProductCommand(actor.userId, body.id, body.changes))),
    }),
    rpcRoute({
      rpc: CommerceRpc.getProduct,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new GetProductQuery(actor.userId, body.id)),
    }),
    rpcRoute({
      rpc: CommerceRpc.listProducts,
      kind: 'query',
      handle: ({ body }, context) => context.queries.execute(new ListProductsQuery(body)),
    }),
    rpcRoute({
      rpc: CommerceRpc.listModeration,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListModerationQuery(actor.userId, body)),
    }),
  ],
};
