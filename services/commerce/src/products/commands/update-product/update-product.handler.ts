import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, PRODUCT_MESSAGES } from '@kiln/domain';
import { toProduct } from '../../adapters/product-mapper';
import { CLOCK, Clock } from '@kiln/service-kit';
import { MODERATORS, Moderators } from '../../ports/moderators.port';
import { PRODUCT_REPOSITORY, ProductRepository } from '../../ports/product.repository.port';
import { ProductChange } from '../publish-product/publish-product.command';
import { UpdateProductCommand } from './update-product.command';

@CommandHandler(UpdateProductCommand)
export class UpdateProductHandler implements ICommandHandler<UpdateProductCommand, ProductChange> {
  constructor(
    @Inject(PRODUCT_REPOSITORY) private readonly products: ProductRepository,
    @Inject(MODERATORS) private readonly moderators: Moderators,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, id, changes }: UpdateProductCommand): Promise<ProductChange> {
    const product = await this.products.load(id);
    if (!product) throw new DomainError('not-found', PRODUCT_MESSAGES.notFound);
    const owner = product.snapshot().ownerId === actorId;
    // A moderator who is not the owner may see it (403 rather than 404); asked only then.
    const actor = { userId: actorId, moderator: !owner && (await this.moderators.isModerator(actorId)) };
    const { action, ...content } = changes;
    const now = this.clock.now();
    product.change(actor, action, content, now);
    const eventIds = await this.products.save(product, { actorId, occurredAt: now });
    return { product: toProduct(product.snapshot()), eventIds };
  }
}
