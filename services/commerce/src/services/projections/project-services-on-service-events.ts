import { recordProjection } from '../../business-records/projections/record-projection';
import { serviceType } from '../service-type';

/** `business_service_view` and the services' timelines from `commerce.service.>` (ADR 0029). */
export const ProjectServicesOnServiceEvents = recordProjection(serviceType, 'project-services-on-service-events');
