import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Material } from '@kiln/contracts';
import { CreateRecordCommand } from '../../../business-records/commands/create-record/create-record.command';
import { RecordChange } from '../../../business-records/record-type';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { materialType } from '../../material-type';
import { checkNewTextures } from '../../material-textures';
import { MATERIAL_TEXTURES, MaterialTextures } from '../../ports/material-textures.port';
import { CreateMaterialCommand } from './create-material.command';

/**
 * Creates a material (ADR 0029, 0064): where it goes (the caller may create there, else 404/403), then every texture
 * it names must be one the caller sees and of its scope or the community (else 400 with the sentence), then the
 * generic record create with the domain's rules.
 */
@CommandHandler(CreateMaterialCommand)
export class CreateMaterialHandler implements ICommandHandler<CreateMaterialCommand, RecordChange<Material>> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
    @Inject(MATERIAL_TEXTURES) private readonly textures: MaterialTextures,
  ) {}

  async execute({ actorId, input, options }: CreateMaterialCommand): Promise<RecordChange<Material>> {
    const scope = await this.access.scopeForCreate(actorId, { teamId: input.teamId, projectId: input.projectId });
    await checkNewTextures(this.textures, actorId, scope, [], input.appearance);
    return this.commands.execute(new CreateRecordCommand(materialType, actorId, input, options));
  }
}
