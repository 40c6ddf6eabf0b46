import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FontFamily } from '@kiln/contracts';
import { PgFontReadModel } from '../../adapters/pg-font.read-model';
import { GetFontFamilyQuery } from './get-font-family.query';

@QueryHandler(GetFontFamilyQuery)
export class GetFontFamilyHandler implements IQueryHandler<GetFontFamilyQuery, FontFamily> {
  constructor(private readonly readModel: PgFontReadModel) {}

  execute({ actorId, params }: GetFontFamilyQuery): Promise<FontFamily> {
    return this.readModel.family(actorId, params.slug, params.where);
  }
}
