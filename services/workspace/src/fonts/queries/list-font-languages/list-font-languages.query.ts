import { Query } from '@nestjs/cqrs';
import { FontLanguageList } from '@kiln/contracts';

export class ListFontLanguagesQuery extends Query<FontLanguageList> {
  constructor(
    readonly actorId: string,
    readonly params: Record<string, never>,
  ) {
    super();
  }
}
