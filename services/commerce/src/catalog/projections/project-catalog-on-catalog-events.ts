import { recordProjection } from '../../business-records/projections/record-projection';
import { catalogRecordType } from '../catalog.record-type';

/** `business_catalog_view` and the items' timelines, from their events (rebuilt from the events table). */
export const ProjectCatalogOnCatalogEvents = recordProjection(catalogRecordType, 'project-catalog-on-catalog-events');
