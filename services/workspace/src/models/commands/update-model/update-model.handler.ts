import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@kiln/domain';
import { Clock, CLOCK } from '../../../ports/clock.port';
import { MODEL_REPOSITORY, ModelRepository } from '../../../ports/model.repository.port';
import { ModelAccess } from '../../model-access';
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
    const model = await this.models.findById(id);
    if (!model) throw new DomainError('not-found', 'Model not found.');
    // The caller's team role and share: the aggregate checks the policy with them.
    const actor = await this.access.actorFor(model.snapshot(), actorId);
    const now = this.clock.now();
    if (changes.name !== undefined) model.rename(changes.name, actor, now);
    if (changes.description !== undefined) model.describe(changes.description, actor, now);
    model.assertVisibleTo(actor);
    const eventIds = await this.models.save(model, { actorId, occurredAt: now });
    return { model: model.snapshot(), eventIds };
  }
}
