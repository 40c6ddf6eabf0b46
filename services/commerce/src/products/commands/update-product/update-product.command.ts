import { Command } from '@nestjs/cqrs';
import { UpdateProductBody } from '@kiln/contracts';
import { ProductChange } from '../publish-product/publish-product.command';

/** The author's republish / restore, save as draft, or unpublish. */
export class UpdateProductCommand extends Command<ProductChange> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly changes: UpdateProductBody,
  ) {
    super();
  }
}
