import { OrderListQuery, OrderReports } from '@kiln/contracts';
import { ListScope } from '../../team-access/ports/business-access.port';
import { AnyRecordType } from '../../business-records/record-type';

/** The orders' and quotes' lists and the header stats, from their read models (migration 0006). */
export interface OrderReadModel {
  /** One page of a scope's orders or quotes (status, customer name / e-mail search), with the total. */
  page(type: AnyRecordType, scope: ListScope, query: Partial<OrderListQuery>): Promise<{ data: unknown[]; total: number }>;
  /** New (pending) orders, and revenue of this month and year (UTC) of `now`, as the reports projection keeps them. */
  reports(scope: ListScope, now: Date): Promise<OrderReports>;
}

export const ORDER_READ_MODEL = Symbol('OrderReadModel');
