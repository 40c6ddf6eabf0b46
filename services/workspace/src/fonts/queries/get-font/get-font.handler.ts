import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Font } from '@kiln/contracts';
import { PgFontReadModel } from '../../adapters/pg-font.read-model';
import { GetFontQuery } from './get-font.query';

/** One font the caller may see; 404 for anyone else (the BFF's file route asks before serving its file). */
@QueryHandler(GetFontQuery)
export class GetFontHandler implements IQueryHandler<GetFontQuery, Font> {
  constructor(private readonly readModel: PgFontReadModel) {}

  execute({ actorId, params }: GetFontQuery): Promise<Font> {
    return this.readModel.font(actorId, params.id);
  }
}
