import { recordProjection } from '../../business-records/projections/record-projection';
import { catalogItemType } from '../catalog-item-type';

/** `business_catalog_view` and the items' timelines, from their events (rebuilt from the events table). */
export const ProjectCatalogOnCatalogEvents = recordProjection(catalogItemType, 'project-catalog-on-catalog-events');
