/** A fact recorded by an aggregate; the repository turns it into an outbox row. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  aggregateType: string;
  aggregateId: string;
  data: D;
}
