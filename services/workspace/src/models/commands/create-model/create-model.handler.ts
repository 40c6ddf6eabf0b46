import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, ModelAggregate } from '@kiln/domain';
import { newId } from '@kiln/service-kit';
import { Clock, CLOCK } from '../../../ports/clock.port';
import { MODEL_REPOSITORY, ModelRepository } from '../../../ports/model.repository.port';
import { CreateModelCommand, ModelChange } from './create-model.command';

@CommandHandler(CreateModelCommand)
export class CreateModelHandler implements ICommandHandler<CreateModelCommand, ModelChange> {
  constructor(
    @Inject(MODEL_REPOSITORY) private readonly models: ModelRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, body, idempotency }: CreateModelCommand): Promise<ModelChange> {
    // Teams and projects arrive with their own issue; until then no one is a member of any.
    if (body.teamId || body.projectId) throw new DomainError('not-found', 'Team not found.');
    const now = this.clock.now();
    const model = ModelAggregate.create({ id: newId(now), name: body.name, authorId: actorId, now });
    const state = model.snapshot();
    const eventIds = await this.models.save(model, {
      actorId,
      occurredAt: now,
      ...(idempotency ? { idempotency: { ...idempotency, resourceId: state.id } } : {}),
    });
    return { model: state, eventIds };
  }
}
