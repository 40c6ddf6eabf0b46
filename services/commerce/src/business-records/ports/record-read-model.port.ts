import { BusinessListQuery } from '@kiln/contracts';
import { ListScope } from '../../team-access/ports/business-access.port';
import { AnyRecordType } from '../record-type';

/** A record's row in its type's read model: the record as read, and who may see it. */
export interface RecordRow {
  record: unknown;
  ownerId: string;
  teamId: string | null;
  deleted: boolean;
}

/** One entry of a record's timeline (`business_record_history`), oldest first. */
export interface HistoryRow {
  type: string;
  version: number;
  at: Date | string;
  by: string;
  changes: unknown;
}

/** What the record queries read from the read models (migrations 0003, 0005). */
export interface RecordReadModel {
  /** One record's row (deleted ones too), or null. */
  find(type: AnyRecordType, id: string): Promise<RecordRow | null>;
  /** A page of one scope's records, with the scope's total (or the search's matches). */
  page(type: AnyRecordType, scope: ListScope, query: Partial<BusinessListQuery>): Promise<{ data: unknown[]; total: number }>;
  /** A record's timeline, oldest first. */
  history(recordId: string): Promise<HistoryRow[]>;
  /** The tags used in one scope, distinct, alphabetical (1000 at most). */
  tags(type: AnyRecordType, scope: ListScope): Promise<string[]>;
}

export const RECORD_READ_MODEL = Symbol('RecordReadModel');
