import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GoogleFontList } from '@kiln/contracts';
import { GOOGLE_CATALOGUE, GoogleCatalogue } from '../../ports/google-catalogue.port';
import { ListGoogleFontsQuery } from './list-google-fonts.query';

/** The shipped Google Fonts catalogue, searched by family (case-insensitive), language and category, a page at a time. */
@QueryHandler(ListGoogleFontsQuery)
export class ListGoogleFontsHandler implements IQueryHandler<ListGoogleFontsQuery, GoogleFontList> {
  constructor(@Inject(GOOGLE_CATALOGUE) private readonly catalogue: GoogleCatalogue) {}

  execute({ params }: ListGoogleFontsQuery): Promise<GoogleFontList> {
    const term = params.term?.trim().toLowerCase();
    const matches = this.catalogue
      .families()
      .filter(
        (f) =>
          (!term || f.family.toLowerCase().includes(term)) &&
          (!params.subset || f.subsets.includes(params.subset)) &&
          (!params.category || f.category === params.category),
      );
    return Promise.resolve({ data: matches.slice(params.skip, params.skip + params.limit), total: matches.length });
  }
}
