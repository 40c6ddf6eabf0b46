import { RecipeRefs } from '@kiln/domain';
import { RecordScope, RecordTransaction } from '../../business-records/ports/record-store.port';

/** What the catalog's use cases read of the items (from the event store) and of the records a recipe names. */
export interface CatalogItems {
  /**
   * The live catalog item of `modelId` in one scope (personal: the owner's; a team's: its project's or the
   * team-wide one), read from the event store itself (never a lagging read model), or null.
   */
  liveItemOfModel(scope: RecordScope, modelId: string): Promise<string | null>;
  /**
   * The same, inside an add's transaction, after taking the per-(scope, model) lock: the check and the
   * append are then one step, so two parallel adds of one model make one item.
   */
  lockLiveItemOfModel(trx: RecordTransaction, scope: RecordScope, modelId: string): Promise<string | null>;
  /**
   * The materials and services a recipe names, as the item's scope holds them (ADR 0027): live ones of the
   * same owner (a personal item) or the same team, team-wide or of the item's project. Anything else is
   * absent, and the domain says "no longer exists" for it.
   */
  recipeRefs(scope: RecordScope, materialIds: string[], serviceIds: string[]): Promise<RecipeRefs>;
}

export const CATALOG_ITEMS = Symbol('CatalogItems');
