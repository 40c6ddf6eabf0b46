import { Service } from '@kiln/contracts';
import { MaterialReadModel } from '../materials/ports/material-read-model.port';

/**
 * Services as read: each price option with its materials' names (spec 002 §3 "prices.material populated on
 * read"), looked up among the live materials of the service's own scope, so a service never shows a
 * material its readers may not see; a deleted or foreign material is left out of `materials` (its id stays).
 */
export async function withMaterials(materials: MaterialReadModel, services: Service[]): Promise<Service[]> {
  const ids = [...new Set(services.flatMap((s) => s.prices.flatMap((o) => o.material)))];
  if (ids.length === 0) return services.map((s) => ({ ...s, prices: s.prices.map((o) => ({ ...o, materials: [] })) }));
  const byId = new Map((await materials.liveNames(ids)).map((m) => [m.id, m]));
  const sameScope = (s: Service, m: { ownerId: string; teamId: string | null }) =>
    s.teamId ? m.teamId === s.teamId : m.teamId === null && m.ownerId === s.ownerId;
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
