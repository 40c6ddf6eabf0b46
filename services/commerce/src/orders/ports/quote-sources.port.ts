import { CatalogItem } from '@kiln/contracts';
import { PricingRefs } from '@kiln/domain';
import { RecordScope } from '../../business-records/ports/record-store.port';

/** What a new quote is made of: its catalog item and, for its recipe, the materials and services of today (ADR 0057). */
export interface QuoteSources {
  /** A live catalog item with its scope, or null. */
  catalogItem(id: string): Promise<{ item: CatalogItem; scope: RecordScope } | null>;
  /**
   * The materials and services a recipe names, as `scope` holds them now (live ones of the same owner, or of the
   * team, team-wide or of the project; ADR 0027), as the domain keeps them (money in cents). Absent ones are gone.
   */
  pricingRefs(scope: RecordScope, materialIds: string[], serviceIds: string[]): Promise<PricingRefs>;
}

export const QUOTE_SOURCES = Symbol('QuoteSources');
