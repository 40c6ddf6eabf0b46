import { Service } from '@kiln/contracts';
import { SCHEMA } from '../../../../database.types';
import { RecordDeps } from '../../../records';

/**
 * Services as read: each price option with its materials' names (spec 002 §3 "prices.material populated on
 * read"), looked up among the live materials of the service's own scope, so a service never shows a
 * material its readers may not see; a deleted or foreign material is left out of `materials` (its id stays).
 */
export async function withMaterials(deps: RecordDeps, services: Service[]): Promise<Service[]> {
  const ids = [...new Set(services.flatMap((s) => s.prices.flatMap((o) => o.material)))];
  if (ids.length === 0) return services.map((s) => ({ ...s, prices: s.prices.map((o) => ({ ...o, materials: [] })) }));
  const rows = await deps.db.withSchema(SCHEMA).selectFrom('business_material_view').select(['id', 'name', 'owner_id', 'team_id']).where('id', 'in', ids).where('deleted_at', 'is', null).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const sameScope = (s: Service, m: { owner_id: string; team_id: string | null }) => (s.teamId ? m.team_id === s.teamId : m.team_id === null && m.owner_id === s.ownerId);
  return services.map((s) => ({
    ...s,
    prices: s.prices.map((o) => ({
      ...o,
      materials: o.material.flatMap((id) => {
        const m = byId.get(id);
        return m && sameScope(s, m) ? [{ id, name: m.name }] : [];
      }),
    })),
  }));
}
