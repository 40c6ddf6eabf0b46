import { recordProjection } from '../../business-records/projections/record-projection';
import { materialType } from '../material-type';

/** `business_material_view` and the materials' timelines from `commerce.material.>` (ADR 0029). */
export const ProjectMaterialsOnMaterialEvents = recordProjection(materialType, 'project-materials-on-material-events');
