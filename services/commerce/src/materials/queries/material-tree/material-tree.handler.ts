import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MATERIAL_CLASSES, MaterialClassId, MaterialTree } from '@kiln/contracts';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { MATERIAL_READ_MODEL, MaterialReadModel } from '../../ports/material-read-model.port';
import { MaterialTreeQuery } from './material-tree.query';

const label = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/**
 * For linking a service's price options to materials (spec 002 §3 "Material tree for service linking"):
 * classes in the order of the class list, materials by name.
 */
@QueryHandler(MaterialTreeQuery)
export class MaterialTreeHandler implements IQueryHandler<MaterialTreeQuery, MaterialTree> {
  constructor(
    @Inject(MATERIAL_READ_MODEL) private readonly materials: MaterialReadModel,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
  ) {}

  async execute({ actorId, where }: MaterialTreeQuery): Promise<MaterialTree> {
    const scope = await this.access.scopeForList(actorId, where);
    const byClass = new Map<MaterialClassId, MaterialTree['data'][number]['categories'][number]['children']>();
    for (const material of await this.materials.inScopeByName(scope)) {
      const children = byClass.get(material.materialClass) ?? [];
      children.push({ value: material.id, label: material.name, avatar: material.avatar, internalName: material.internalName });
      byClass.set(material.materialClass, children);
    }
    const classes = (Object.keys(MATERIAL_CLASSES) as MaterialClassId[]).filter((c) => byClass.has(c));
    return {
      data: classes.map((materialClass) => {
        const category = MATERIAL_CLASSES[materialClass].category;
        return { materialClass, categories: [{ materialCategoryId: category, label: label(category), children: byClass.get(materialClass)! }] };
      }),
    };
  }
}
