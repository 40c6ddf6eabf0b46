import { COMMON_MESSAGES } from '@kiln/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, GeometrySource, geometrySourceVisibleTo } from '@kiln/domain';
import { Clock, CLOCK } from '@kiln/service-kit';
import { ModelAccess } from '../../adapters/model-access';
import { GEOMETRY_SOURCES, GeometrySources } from '../../ports/geometry-sources.port';
import { MODEL_REPOSITORY, ModelRepository } from '../../ports/model.repository.port';
import { ModelChange } from '../create-model/create-model.command';
import { SetModelGeometryCommand } from './set-model-geometry.command';

@CommandHandler(SetModelGeometryCommand)
export class SetModelGeometryHandler implements ICommandHandler<SetModelGeometryCommand, ModelChange> {
  constructor(
    @Inject(MODEL_REPOSITORY) private readonly models: ModelRepository,
    @Inject(GEOMETRY_SOURCES) private readonly sources: GeometrySources,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly access: ModelAccess,
  ) {}

  async execute({ actorId, id, changes }: SetModelGeometryCommand): Promise<ModelChange> {
    const loaded = await this.access.load(id, actorId);
    if (!loaded) throw new DomainError('not-found', COMMON_MESSAGES.modelNotFound);
    const { model, actor } = loaded;
    // Checked on the model first (a stranger learns nothing of the 3D object), then the object as the caller may see it.
    model.assertVisibleTo(actor);
    let source: GeometrySource | null | undefined = null;
    if (changes.object3dId) {
      const found = await this.sources.findObject3d(changes.object3dId, actorId);
      source = found && geometrySourceVisibleTo(found, { userId: actorId, teamRole: found.callerTeamRole }) ? found : undefined;
    }
    const now = this.clock.now();
    model.setGeometry(source, actor, now);
    const eventIds = await this.models.save(model, { actorId, occurredAt: now });
    return { model: model.snapshot(), eventIds };
  }
}
