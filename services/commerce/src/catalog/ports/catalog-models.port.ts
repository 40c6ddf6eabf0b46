import { CatalogModelSource } from '@kiln/contracts';

/** What the catalog asks the workspace about models, for the caller (rpc.workspace.catalog-support.models). */
export interface CatalogModels {
  /** Each id's existence, whether `actorId` may view it, and its copy when they may; in the order asked. */
  lookUp(actorId: string, ids: string[]): Promise<CatalogModelSource[]>;
}

export const CATALOG_MODELS = Symbol('CatalogModels');
