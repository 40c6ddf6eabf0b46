import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { COMMON_MESSAGES } from '@kiln/contracts';
import { DomainError, MODEL_RESTORE_MESSAGES } from '@kiln/domain';
import { Clock, CLOCK } from '@kiln/service-kit';
import { MODEL_REPOSITORY, ModelRepository } from '../../ports/model.repository.port';
import { RestoredModel, RestoreModelCommand } from './restore-model.command';

@CommandHandler(RestoreModelCommand)
export class RestoreModelHandler implements ICommandHandler<RestoreModelCommand> {
  constructor(
    @Inject(MODEL_REPOSITORY) private readonly models: ModelRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, id }: RestoreModelCommand): Promise<RestoredModel> {
    const model = await this.models.findDeleted(id);
    if (!model) {
      // Not in "Recently deleted": a live model of the caller's is restored already (twice = conflict).
      const live = await this.models.findById(id);
      if (live && live.snapshot().authorId === actorId) throw new DomainError('conflict', MODEL_RESTORE_MESSAGES.notDeleted);
      throw new DomainError('not-found', COMMON_MESSAGES.modelNotFound);
    }
    const now = this.clock.now();
    model.undelete(actorId, now);
    const restored = model.snapshot();
    return { model: restored, ...(await this.models.restore(model, { actorId, occurredAt: now })) };
  }
}
