import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FontLanguageList } from '@kiln/contracts';
import { GOOGLE_CATALOGUE, GoogleCatalogue } from '../../ports/google-catalogue.port';
import { ListFontLanguagesQuery } from './list-font-languages.query';

/** The language subsets of the catalogue (GET /api/workspace/font/language). */
@QueryHandler(ListFontLanguagesQuery)
export class ListFontLanguagesHandler implements IQueryHandler<ListFontLanguagesQuery, FontLanguageList> {
  constructor(@Inject(GOOGLE_CATALOGUE) private readonly catalogue: GoogleCatalogue) {}

  execute(): Promise<FontLanguageList> {
    return Promise.resolve({ data: [...this.catalogue.languages()] });
  }
}
