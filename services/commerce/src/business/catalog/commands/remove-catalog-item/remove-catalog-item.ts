import { CatalogItem } from '@kiln/contracts';
import { RecordDeps } from '../../../records/business-records.deps';
import { deleteRecord } from '../../../records/commands/change-record/change-record';
import { RecordChange } from '../../../records/commands/create-record/create-record';
import { catalogRecordType } from '../../catalog.record-type';

/** DELETE /api/workspace/business-catalog/{id}: the item leaves the catalog (its timeline stays); the model may be added again. */
export function removeCatalogItem(deps: RecordDeps, actorId: string, id: string, ifMatch?: number): Promise<RecordChange<CatalogItem>> {
  return deleteRecord(deps, catalogRecordType, actorId, id, ifMatch);
}
