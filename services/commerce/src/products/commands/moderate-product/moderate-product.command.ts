import { Command } from '@nestjs/cqrs';
import { ModerateProductBody } from '@kiln/contracts';
import { ProductChange } from '../publish-product/publish-product.command';

/** A moderator approves or rejects a product waiting for moderation. */
export class ModerateProductCommand extends Command<ProductChange> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly decision: ModerateProductBody,
  ) {
    super();
  }
}
