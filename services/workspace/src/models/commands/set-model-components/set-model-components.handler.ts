import { COMMON_MESSAGES, ModelComponents } from '@kiln/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, geometrySourceVisibleTo } from '@kiln/domain';
import { Clock, CLOCK } from '@kiln/service-kit';
import { COMPONENT_USAGES, ComponentUsages } from '../../../components/ports/component.repository.port';
import { ModelAccess } from '../../adapters/model-access';
import { GEOMETRY_SOURCES, GeometrySources } from '../../ports/geometry-sources.port';
import { SetModelComponentsCommand } from './set-model-components.command';

@CommandHandler(SetModelComponentsCommand)
export class SetModelComponentsHandler implements ICommandHandler<SetModelComponentsCommand, ModelComponents> {
  constructor(
    @Inject(GEOMETRY_SOURCES) private readonly sources: GeometrySources,
    @Inject(COMPONENT_USAGES) private readonly usages: ComponentUsages,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly access: ModelAccess,
  ) {}

  async execute({ actorId, id, changes }: SetModelComponentsCommand): Promise<ModelComponents> {
    const loaded = await this.access.load(id, actorId);
    if (!loaded) throw new DomainError('not-found', COMMON_MESSAGES.modelNotFound);
    const { model, actor } = loaded;
    // The model first (a stranger learns nothing of the components), then each component as the caller may see it.
    model.assertVisibleTo(actor);
    const found = new Map((await this.sources.findComponents(changes.componentIds, actorId)).map((c) => [c.id, c]));
    const components = changes.componentIds.map((componentId) => {
      const component = found.get(componentId);
      return component && geometrySourceVisibleTo(component, { userId: actorId, teamRole: component.callerTeamRole }) ? component : undefined;
    });
    const componentIds = model.componentsToUse(components, actor);
    // The port locks the components, so a deletion of one of them waits for this or is seen (ADR 0051).
    await this.usages.setUsedBy(id, componentIds, this.clock.now());
    return { modelId: id, componentIds };
  }
}
