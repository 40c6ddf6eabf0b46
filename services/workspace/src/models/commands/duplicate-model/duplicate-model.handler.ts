import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { COMMON_MESSAGES, MODEL_NAME_MAX_LENGTH } from '@kiln/contracts';
import { DomainError, duplicateName } from '@kiln/domain';
import { newId } from '@kiln/service-kit';
import { Clock, CLOCK } from '@kiln/service-kit';
import { MODEL_REPOSITORY, ModelRepository } from '../../ports/model.repository.port';
import { ModelAccess } from '../../adapters/model-access';
import { ModelChange } from '../create-model/create-model.command';
import { DuplicateModelCommand } from './duplicate-model.command';

@CommandHandler(DuplicateModelCommand)
export class DuplicateModelHandler implements ICommandHandler<DuplicateModelCommand, ModelChange> {
  constructor(
    @Inject(MODEL_REPOSITORY) private readonly models: ModelRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly access: ModelAccess,
  ) {}

  async execute({ actorId, id, name }: DuplicateModelCommand): Promise<ModelChange> {
    const loaded = await this.access.load(id, actorId);
    if (!loaded) throw new DomainError('not-found', COMMON_MESSAGES.modelNotFound);
    const { model: source, actor } = loaded;
    const now = this.clock.now();
    // The default name may not grow past the longest name the model contract takes.
    const copyName = name ?? duplicateName(source.snapshot().name).slice(0, MODEL_NAME_MAX_LENGTH);
    const copy = source.duplicate({ id: newId(now), name: copyName, actor, now });
    const eventIds = await this.models.save(copy, { actorId, occurredAt: now });
    return { model: copy.snapshot(), eventIds };
  }
}
