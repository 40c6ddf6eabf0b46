import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@kiln/domain';
import { Clock, CLOCK } from '../../../ports/clock.port';
import { MODEL_REPOSITORY, ModelRepository } from '../../../ports/model.repository.port';
import { ModelChange } from '../create-model/create-model.command';
import { UpdateModelCommand } from './update-model.command';

@CommandHandler(UpdateModelCommand)
export class UpdateModelHandler implements ICommandHandler<UpdateModelCommand, ModelChange> {
  constructor(
    @Inject(MODEL_REPOSITORY) private readonly models: ModelRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, id, changes }: UpdateModelCommand): Promise<ModelChange> {
    const model = await this.models.findById(id);
    if (!model) throw new DomainError('not-found', 'Model not found.');
    const now = this.clock.now();
    if (changes.name !== undefined) model.rename(changes.name, actorId, now);
    if (changes.description !== undefined) model.describe(changes.description, actorId, now);
    model.assertVisibleTo(actorId);
    const eventIds = await this.models.save(model, { actorId, occurredAt: now });
    return { model: model.snapshot(), eventIds };
  }
}
