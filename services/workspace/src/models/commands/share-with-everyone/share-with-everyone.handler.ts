import { COMMON_MESSAGES } from '@kiln/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@kiln/domain';
import { Clock, CLOCK } from '@kiln/service-kit';
import { MODEL_REPOSITORY, ModelRepository } from '../../ports/model.repository.port';
import { ModelAccess } from '../../adapters/model-access';
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
    const loaded = await this.access.load(id, actorId);
    if (!loaded) throw new DomainError('not-found', COMMON_MESSAGES.modelNotFound);
    const { model, actor } = loaded;
    const now = this.clock.now();
    model.shareWithEveryone(shareAs, actor, now);
    const eventIds = await this.models.save(model, { actorId, occurredAt: now });
    return { model: model.snapshot(), eventIds };
  }
}
