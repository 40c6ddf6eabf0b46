import { Command } from '@nestjs/cqrs';
import { RestoredEventIds } from '../../ports/model.repository.port';
import { ModelChange } from '../create-model/create-model.command';

export type RestoredModel = ModelChange & RestoredEventIds;

/** Restore a deleted model from "Recently deleted" (ADR 0048). */
export class RestoreModelCommand extends Command<RestoredModel> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
