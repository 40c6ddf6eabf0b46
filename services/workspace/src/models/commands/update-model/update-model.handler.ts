import { COMMON_MESSAGES } from '@kiln/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@kiln/domain';
import { Clock, CLOCK } from '@kiln/service-kit';
import { MODEL_REPOSITORY, ModelRepository } from '../../ports/model.repository.port';
import { ModelAccess } from '../../adapters/model-access';
import { ModelChange } from '../create-model/create-model.command';
import { UpdateModelCommand } from './update-model.command';

@CommandHandler(UpdateModelCommand)
export class UpdateModelHandler implements ICommandHandler<UpdateModelCommand, ModelChange> {
  constructor(
    @Inject(MODEL_REPOSITORY) private readonly models: ModelRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly access: ModelAccess,
  ) {}

  async execute({ actorId, id, changes }: UpdateModelCommand): Promise<ModelChange> {
    // The model with the caller's team role and share, in one read: the aggregate checks the policy with them.
    const loaded = await this.access.load(id, actorId);
    if (!loaded) throw new DomainError('not-found', COMMON_MESSAGES.modelNotFound);
    const { model, actor } = loaded;
    const now = this.clock.now();
    if (changes.name !== undefined) model.rename(changes.name, actor, now);
    if (changes.description !== undefined) model.describe(changes.description, actor, now);
    model.assertVisibleTo(actor);
    const eventIds = await this.models.save(model, { actorId, occurredAt: now });
    return { model: model.snapshot(), eventIds };
  }
}
