import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, PRODUCT_MESSAGES, ProductAggregate } from '@kiln/domain';
import { CLOCK, Clock, newId } from '@kiln/service-kit';
import { toProduct } from '../../adapters/product-mapper';
import { PRODUCT_REPOSITORY, ProductRepository } from '../../ports/product.repository.port';
import { WORKSPACE_MODELS, WorkspaceModels } from '../../ports/workspace-models.port';
import { ProductChange, PublishProductCommand } from './publish-product.command';

@CommandHandler(PublishProductCommand)
export class PublishProductHandler implements ICommandHandler<PublishProductCommand, ProductChange> {
  constructor(
    @Inject(PRODUCT_REPOSITORY) private readonly products: ProductRepository,
    @Inject(WORKSPACE_MODELS) private readonly workspace: WorkspaceModels,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, body, idempotency }: PublishProductCommand): Promise<ProductChange> {
    // The workspace's policy decides (model.publish: the owner only); strangers learn nothing.
    const right = await this.workspace.publishRight(actorId, body.modelId);
    if (right === 'not-found') throw new DomainError('not-found', PRODUCT_MESSAGES.modelNotFound);
    if (right === 'forbidden') throw new DomainError('forbidden', PRODUCT_MESSAGES.ownerOnlyPublish);
    const now = this.clock.now();
    const product = ProductAggregate.create({
      id: newId(now),
      modelId: body.modelId,
      ownerId: actorId,
      content: { title: body.title, image: body.image ?? null, productionReady: body.productionReady },
      draft: body.action === 'draft',
      now,
    });
    const state = product.snapshot();
    const eventIds = await this.products.save(product, {
      actorId,
      occurredAt: now,
      ...(idempotency ? { idempotency: { ...idempotency, resourceId: state.id } } : {}),
    });
    return { product: toProduct(state), eventIds };
  }
}
