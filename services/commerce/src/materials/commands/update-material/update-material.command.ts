import { Command } from '@nestjs/cqrs';
import type { Material } from '@kiln/contracts';
import { RecordChange } from '../../../business-records/record-type';

/** PATCH a material (the contract's changes, optionally If-Match): newly named textures checked, then the generic update. */
export class UpdateMaterialCommand extends Command<RecordChange<Material>> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly changes: { appearance?: readonly { textureId?: string | null }[] } & Record<string, unknown>,
    readonly ifMatch?: number,
  ) {
    super();
  }
}
