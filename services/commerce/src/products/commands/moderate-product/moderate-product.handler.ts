import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, PRODUCT_MESSAGES } from '@kiln/domain';
import { toProduct } from '../../adapters/product-mapper';
import { CLOCK, Clock } from '@kiln/service-kit';
import { MODERATORS, Moderators } from '../../ports/moderators.port';
import { PRODUCT_REPOSITORY, ProductRepository } from '../../ports/product.repository.port';
import { ProductChange } from '../publish-product/publish-product.command';
import { ModerateProductCommand } from './moderate-product.command';

@CommandHandler(ModerateProductCommand)
export class ModerateProductHandler implements ICommandHandler<ModerateProductCommand, ProductChange> {
  constructor(
    @Inject(PRODUCT_REPOSITORY) private readonly products: ProductRepository,
    @Inject(MODERATORS) private readonly moderators: Moderators,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, id, decision }: ModerateProductCommand): Promise<ProductChange> {
    // Not a moderator: 403 whatever the id (the moderation routes are theirs only).
    if (!(await this.moderators.isModerator(actorId))) throw new DomainError('forbidden', PRODUCT_MESSAGES.moderatorsOnly);
    const product = await this.products.load(id);
    if (!product) throw new DomainError('not-found', PRODUCT_MESSAGES.notFound);
    const now = this.clock.now();
    product.moderate({ userId: actorId, moderator: true }, decision.decision, decision.reason, now);
    const eventIds = await this.products.save(product, { actorId, occurredAt: now });
    return { product: toProduct(product.snapshot()), eventIds };
  }
}
