import { Command } from '@nestjs/cqrs';
import { SetModelGeometryBody } from '@kiln/contracts';
import { ModelChange } from '../create-model/create-model.command';

/** PATCH /api/workspace/model/{id}/geometry (ADR 0054): the model's geometry from a 3D object of its scope, or none. */
export class SetModelGeometryCommand extends Command<ModelChange> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly changes: SetModelGeometryBody,
  ) {
    super();
  }
}
