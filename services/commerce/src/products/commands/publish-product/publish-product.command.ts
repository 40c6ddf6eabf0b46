import { Command } from '@nestjs/cqrs';
import { Product, PublishProductBody } from '@kiln/contracts';
import { IdempotencyClaim } from '@kiln/service-kit';

export interface ProductChange {
  product: Product;
  eventIds: string[];
}

/** Publish a model (to moderation) or save it as a draft first: a new product. */
export class PublishProductCommand extends Command<ProductChange> {
  constructor(
    readonly actorId: string,
    readonly body: PublishProductBody,
    readonly idempotency?: Omit<IdempotencyClaim, 'resourceId'>,
  ) {
    super();
  }
}
