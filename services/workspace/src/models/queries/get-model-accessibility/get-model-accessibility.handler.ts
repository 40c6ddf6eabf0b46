import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { COMMON_MESSAGES, ModelAccessibility } from '@kiln/contracts';
import { DomainError, modelMenuRules } from '@kiln/domain';
import { PgModelReadModel } from '../../adapters/pg-model.read-model';
import { GetModelAccessibilityQuery } from './get-model-accessibility.query';

@QueryHandler(GetModelAccessibilityQuery)
export class GetModelAccessibilityHandler implements IQueryHandler<GetModelAccessibilityQuery, ModelAccessibility> {
  constructor(private readonly readModel: PgModelReadModel) {}

  async execute({ actorId, id }: GetModelAccessibilityQuery): Promise<ModelAccessibility> {
    // A stranger holding only the 'Everyone' link has that link's role; without any role: not found.
    const found = await this.readModel.access(actorId, id);
    if (!found) throw new DomainError('not-found', COMMON_MESSAGES.modelNotFound);
    const { role, via } = found.access;
    return {
      id,
      userRole: role,
      sharedWithEveryone: found.row.shared_with_everyone as ModelAccessibility['sharedWithEveryone'],
      via,
      can: modelMenuRules(role),
    };
  }
}
