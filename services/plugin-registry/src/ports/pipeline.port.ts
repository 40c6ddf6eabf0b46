export const PIPELINE = Symbol('Pipeline');

/** The build pipeline as the publish command starts it. */
export interface Pipeline {
  /** Column values of the job's lease, written in the transaction that starts the job. */
  leaseValues(): Record<string, unknown>;
  /** Starts a committed job in the background. */
  start(versionId: string, jobId: string): void;
}
