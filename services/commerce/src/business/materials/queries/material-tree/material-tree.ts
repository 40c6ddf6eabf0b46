import { MATERIAL_CLASSES, MaterialClassId, MaterialTree } from '@kiln/contracts';
import { RecordDeps, scopedRows } from '../../../records';
import { materialType } from '../../material-type';

const label = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/**
 * My materials (or a team's / project's) by class and shape family, for linking a service's price options
 * to materials (spec 002 §3 "Material tree for service linking"); classes in the order of the class list,
 * materials by name.
 */
export async function materialTree(deps: RecordDeps, actorId: string, where?: { teamId?: string | null; projectId?: string | null }): Promise<MaterialTree> {
  const scope = await deps.access.scopeForList(actorId, where);
  const rows = await scopedRows(deps.db, materialType, scope).select(['id', 'name', 'material_class', 'record']).orderBy('name').orderBy('id').execute();
  const byClass = new Map<MaterialClassId, MaterialTree['data'][number]['categories'][number]['children']>();
  for (const row of rows) {
    const cls = row.material_class as MaterialClassId;
    const record = row.record as { internalName: string; avatar: string | null };
    const children = byClass.get(cls) ?? [];
    children.push({ value: row.id, label: row.name, avatar: record.avatar, internalName: record.internalName });
    byClass.set(cls, children);
  }
  const classes = (Object.keys(MATERIAL_CLASSES) as MaterialClassId[]).filter((c) => byClass.has(c));
  return {
    data: classes.map((materialClass) => {
      const category = MATERIAL_CLASSES[materialClass].category;
      return { materialClass, categories: [{ materialCategoryId: category, label: label(category), children: byClass.get(materialClass)! }] };
    }),
  };
}
