import { MaterialClassId } from '@kiln/contracts';
import { ListScope } from '../../team-access/ports/business-access.port';

/** A live material as the tree shows it. */
export interface MaterialInTree {
  id: string;
  name: string;
  materialClass: MaterialClassId;
  internalName: string;
  avatar: string | null;
}

/** A live material, with who it belongs to (to keep a reader to the materials of one scope). */
export interface MaterialName {
  id: string;
  name: string;
  ownerId: string;
  teamId: string | null;
}

/** Reads of `business_material_view` beyond the generic record queries. */
export interface MaterialReadModel {
  /** The live materials of one scope, by name (ties by id). */
  inScopeByName(scope: ListScope): Promise<MaterialInTree[]>;
  /** The live materials among these ids, any scope. */
  liveNames(ids: string[]): Promise<MaterialName[]>;
}

export const MATERIAL_READ_MODEL = Symbol('MaterialReadModel');
