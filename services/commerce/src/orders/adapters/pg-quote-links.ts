import { Inject, Injectable } from '@nestjs/common';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { RecordTransaction } from '../../business-records/ports/record-store.port';
import { CommerceDatabase, SCHEMA } from '../../database.types';
import { QuoteLinks } from '../ports/quote-links.port';

@Injectable()
export class PgQuoteLinks implements QuoteLinks {
  constructor(@Inject(DB) private readonly db: Kysely<CommerceDatabase>) {}

  async add(trx: RecordTransaction, tokenHash: string, quoteId: string, at: Date): Promise<void> {
    await trx.withSchema(SCHEMA).insertInto('business_quote_links').values({ token_hash: tokenHash, quote_id: quoteId, created_at: at }).execute();
  }

  async quoteOf(tokenHash: string): Promise<string | null> {
    const row = await this.db.withSchema(SCHEMA).selectFrom('business_quote_links').select('quote_id').where('token_hash', '=', tokenHash).executeTakeFirst();
    return row?.quote_id ?? null;
  }
}
