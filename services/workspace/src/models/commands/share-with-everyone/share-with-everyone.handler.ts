import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@kiln/domain';
import { Clock, CLOCK } from '../../../ports/clock.port';
import { MODEL_REPOSITORY, ModelRepository } from '../../../ports/model.repository.port';
import { ModelAccess } from '../../model-access';
import { ModelChange } from '../create-model/create-model.command';
import { ShareWithEveryoneCommand } from './share-with-everyone.command';

@CommandHandler(ShareWithEveryoneCommand)
export class ShareWithEveryoneHandler implements ICommandHandler<ShareWithEveryoneCommand, ModelChange> {
  constructor(
    @Inject(MODEL_REPOSITORY) private readonly models: ModelRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly access: ModelAccess,
  ) {}

  async execute({ actorId, id, shareAs }: ShareWithEveryoneCommand): Promise<ModelChange> {
    const model = await this.models.findById(id);
    if (!model) throw new DomainError('not-found', 'Model not found.');
    const actor = await this.access.actorFor(model.snapshot(), actorId);
    const now = this.clock.now();
    model.shareWithEveryone(shareAs, actor, now);
    const eventIds = await this.models.save(model, { actorId, occurredAt: now });
    return { model: model.snapshot(), eventIds };
  }
}
