/**
 * Business records, the generic part (ADR 0029): materials, services and catalog items are event-sourced
 * records built on this folder. How a record type uses it:
 *
 *   // 1. Describe the type (domain rules, events, read model table, how its state reads):
 *   export const materialType: BusinessRecordType<MaterialFields, CreateIn, UpdateIn, Material> = {
 *     rules: materialRules, view: 'business_material_view',
 *     events: { created: 'commerce.material.created.v1', updated: '….updated.v1', deleted: '….deleted.v1' },
 *     present: (state) => ({ ...presentMeta(state), ...fieldsAsJson(state.fields), kind, … }),
 *     presentFields: (fields) => …money in dollars…, tags: (m) => m.tags, priceCents: (m) => …,
 *     viewColumns: (m) => ({ material_class: m.materialClass, in_stock: m.inStock }),
 *   };
 *   // 2. Its projection (register it in commerceProjections):
 *   export const ProjectMaterials = recordProjection(materialType, 'project-materials-on-material-events');
 *   // 3. Its routes (or write some yourself with the use cases below and `context.get(RecordDeps)`):
 *   recordRoutes(materialType, ProjectMaterials, { list: BusinessRpc.listMaterials, get: …, history: …, create: …, update: …, remove: … })
 *
 * Use cases (each checks authorization through BusinessAccess: outsiders 404, team viewers 403 on changes):
 *   createRecord(deps, type, actorId, body (with teamId/projectId), { idempotency?, alsoInTransaction? }) → { record, eventIds }
 *   updateRecord(deps, type, actorId, id, changes, ifMatch?) / deleteRecord(deps, type, actorId, id, ifMatch?)
 *   changeRecord(deps, type, actorId, id, (state, at) => fact | null, { ifMatch?, authorize?: 'system', alsoInTransaction? })
 *     — a lost race with If-Match is 412; without, the command runs again on the fresh state.
 *   listRecords / getRecord (…, version?) / recordHistory / recordTags, and scopedRows(db, type, scope) for your own reads.
 *   answerAfterProjection(context, projection, change): answers once the read model shows the change.
 */
export * from './record-type';
export * from './business-records.deps';
export * from './adapters/pg-record-store';
export * from './ports/people.port';
export * from './commands/create-record/create-record';
export * from './commands/change-record/change-record';
export * from './queries/list-records/list-records';
export * from './queries/get-record/get-record';
export * from './queries/record-history/record-history';
export * from './queries/record-tags/record-tags';
export * from './projections/record-projection';
export * from './record-routes';
export * from '../team-access';
