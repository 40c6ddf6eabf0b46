import type { PipelineInfo } from '@kiln/contracts';

export const PIPELINE = Symbol('Pipeline');

/** The build pipeline as the publish command starts it. */
export interface Pipeline {
  /** Column values that queue the job, written in the transaction that starts it. */
  queueValues(): Record<string, unknown>;
  /** A job was committed: run it when a build slot is free (ADR 0039). */
  start(versionId: string, jobId: string): void;
  /** The sandbox builds run in here (null: none works) and how many run at once. */
  info(): PipelineInfo;
}
