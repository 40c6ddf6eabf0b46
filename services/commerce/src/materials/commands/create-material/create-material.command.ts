import { Command } from '@nestjs/cqrs';
import type { Material } from '@kiln/contracts';
import { CreateOptions } from '../../../business-records/commands/create-record/create-record.command';
import { RecordChange } from '../../../business-records/record-type';

/** Create a material (the contract's create body): its textures checked, then the generic record create. */
export class CreateMaterialCommand extends Command<RecordChange<Material>> {
  constructor(
    readonly actorId: string,
    readonly input: { teamId?: string | null; projectId?: string | null; appearance?: readonly { textureId?: string | null }[] } & Record<string, unknown>,
    readonly options: CreateOptions = {},
  ) {
    super();
  }
}
