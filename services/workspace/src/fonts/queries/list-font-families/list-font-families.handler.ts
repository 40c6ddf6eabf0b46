import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FontFamilyList } from '@kiln/contracts';
import { PgFontReadModel } from '../../adapters/pg-font.read-model';
import { ListFontFamiliesQuery } from './list-font-families.query';

@QueryHandler(ListFontFamiliesQuery)
export class ListFontFamiliesHandler implements IQueryHandler<ListFontFamiliesQuery, FontFamilyList> {
  constructor(private readonly readModel: PgFontReadModel) {}

  execute({ actorId, params }: ListFontFamiliesQuery): Promise<FontFamilyList> {
    return this.readModel.list(actorId, params);
  }
}
