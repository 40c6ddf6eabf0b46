import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Material } from '@kiln/contracts';
import type { MaterialFields } from '@kiln/domain';
import { UpdateRecordCommand } from '../../../business-records/commands/update-record/update-record.command';
import { RECORD_STORE, RecordStore } from '../../../business-records/ports/record-store.port';
import { RecordChange } from '../../../business-records/record-type';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { materialType } from '../../material-type';
import { checkNewTextures } from '../../material-textures';
import { MATERIAL_TEXTURES, MaterialTextures } from '../../ports/material-textures.port';
import { UpdateMaterialCommand } from './update-material.command';

/**
 * Edits a material (ADR 0029, 0064). When the appearance is sent, the textures it names that the material did not
 * name before are checked as on create (in the material's own scope); textures kept from before are not, so a
 * texture deleted since leaves the material editable. Then the generic update (rules, If-Match, 404/403).
 */
@CommandHandler(UpdateMaterialCommand)
export class UpdateMaterialHandler implements ICommandHandler<UpdateMaterialCommand, RecordChange<Material>> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
    @Inject(MATERIAL_TEXTURES) private readonly textures: MaterialTextures,
  ) {}

  async execute({ actorId, id, changes, ifMatch }: UpdateMaterialCommand): Promise<RecordChange<Material>> {
    if (Array.isArray(changes.appearance)) {
      const state = await this.store.load<MaterialFields>(materialType, id);
      // No such material: the generic update answers (404).
      if (state && !state.deleted) {
        await this.access.assertCanChange(actorId, state, materialType.rules.notFound);
        await checkNewTextures(this.textures, actorId, state, state.fields.appearance, changes.appearance);
      }
    }
    return this.commands.execute(new UpdateRecordCommand(materialType, actorId, id, changes, ifMatch));
  }
}
