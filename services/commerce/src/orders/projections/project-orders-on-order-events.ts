import { recordProjection } from '../../business-records/projections/record-projection';
import { orderType } from '../order-type';

/** `business_order_view` and the orders' timelines from `commerce.order.>` (ADR 0029, ADR 0057). */
export const ProjectOrdersOnOrderEvents = recordProjection(orderType, 'project-orders-on-order-events');
