import { DomainError } from '../shared/domain-error';
import { DomainEvent } from '../shared/domain-event';
import { PLUGIN_MESSAGES } from './plugin-rules';
import { assertNewVersionAccepted } from './plugin-version';
import { VersionStatus, withinUnpublishWindow } from './version-toolbar';

export const PIPELINE_STEPS = ['unzip', 'install', 'build', 'grab', 'deploy'] as const;
export type PipelineStep = (typeof PIPELINE_STEPS)[number];
export type ActionStatus = 'pending' | 'scheduled' | 'running' | 'stopped' | 'success' | 'failed';

export interface ActionState {
  id: string;
  action: PipelineStep;
  status: ActionStatus;
  scheduledAt: Date | null;
  runAt: Date | null;
  finnishAt: Date | null;
  updatedAt: Date;
  createdAt: Date;
}

export interface ProvenanceState {
  zipSha256: string | null;
  files: { path: string; size: number; sha256: string }[];
  filesSha256: string | null;
  sandboxed: boolean;
  /** How the build was isolated (ADR 0039); absent on versions built before it was recorded. */
  isolation?: 'bubblewrap' | 'unshare';
}

export interface PluginVersionState {
  id: string;
  /** The plugin record's id. */
  pluginId: string;
  /** The plugin's own id ('@namespace/plugin-name'). */
  packageId: string;
  authorId: string;
  version: string;
  status: VersionStatus;
  publishedAt: Date | null;
  mediaId: string | null;
  /** The running pipeline job, or null. */
  jobId: string | null;
  attempt: number;
  provenance: ProvenanceState | null;
  actions: ActionState[];
  createdAt: Date;
  updatedAt: Date;
  /** Optimistic concurrency (the row's version). */
  revision: number;
}

type V = { version: PluginVersionState };
export type PluginVersionEvent =
  | DomainEvent<'plugin-registry.version.created.v1', V>
  | DomainEvent<'plugin-registry.version.zip-assigned.v1', V & { mediaId: string }>
  | DomainEvent<'plugin-registry.version.pipeline-started.v1', V & { jobId: string; attempt: number }>
  | DomainEvent<'plugin-registry.version.action-changed.v1', V & { action: PipelineStep }>
  | DomainEvent<'plugin-registry.version.pipeline-finished.v1', V & { outcome: 'done' | 'failed'; reason: string | null }>
  | DomainEvent<'plugin-registry.version.published.v1', V & { alpha: boolean }>
  | DomainEvent<'plugin-registry.version.unpublished.v1', V>
  | DomainEvent<'plugin-registry.version.deleted.v1', V>;

/** A restart may run an interrupted job once more; then it fails visibly (ADR 0026). */
export const MAX_PIPELINE_ATTEMPTS = 2;

/**
 * A plugin version with its five pipeline actions (spec 001 §3, §4). The status machine:
 * pending/failed --(zip, run)--> job: actions scheduled → running → success… → done | failed;
 * done --(publish alpha, developers)--> alpha --(publish)--> published --(unpublish ≤ 24 h)--> alpha.
 * The job's progress is recorded as events (ADR 0026). Pure: ids and clocks come in.
 */
export class PluginVersionAggregate {
  private events: PluginVersionEvent[] = [];
  private deleted = false;
  readonly loadedRevision: number;

  private constructor(
    private state: PluginVersionState,
    isNew = false,
  ) {
    this.loadedRevision = isNew ? 0 : state.revision;
  }

  static create(input: {
    id: string;
    actionIds: string[];
    plugin: { id: string; pluginId: string; authorId: string };
    version: string;
    usedVersions: readonly string[];
    now: Date;
  }): PluginVersionAggregate {
    const version = assertNewVersionAccepted(input.version, input.usedVersions);
    const actions = PIPELINE_STEPS.map((action, i) => ({
      id: input.actionIds[i]!,
      action,
      status: 'pending' as const,
      scheduledAt: null,
      runAt: null,
      finnishAt: null,
      updatedAt: input.now,
      createdAt: input.now,
    }));
    const v = new PluginVersionAggregate(
      {
        id: input.id,
        pluginId: input.plugin.id,
        packageId: input.plugin.pluginId,
        authorId: input.plugin.authorId,
        version,
        status: 'pending',
        publishedAt: null,
        mediaId: null,
        jobId: null,
        attempt: 0,
        provenance: null,
        actions,
        createdAt: input.now,
        updatedAt: input.now,
        revision: 1,
      },
      true,
    );
    v.record({ type: 'plugin-registry.version.created.v1' });
    return v;
  }

  static restore(state: PluginVersionState): PluginVersionAggregate {
    return new PluginVersionAggregate(structuredClone(state));
  }

  get running(): boolean {
    return this.state.jobId !== null;
  }

  private assertIdle(): void {
    if (this.running) throw new DomainError('conflict', PLUGIN_MESSAGES.pipelineRunning);
  }

  /** Spec 001 §4: upload only while pending or failed. Attaching a zip makes the version pending again. */
  assignZip(mediaId: string, now: Date): void {
    this.assertIdle();
    if (this.state.status !== 'pending' && this.state.status !== 'failed') throw new DomainError('conflict', PLUGIN_MESSAGES.uploadNotAllowed);
    this.state.mediaId = mediaId;
    this.state.status = 'pending';
    this.state.provenance = null;
    this.resetActions('pending', now);
    this.touch(now);
    this.record({ type: 'plugin-registry.version.zip-assigned.v1', extra: { mediaId } });
  }

  /** What POST plugin-action/publish does in the current status (ADR 0025). */
  publishKind(isAlpha: boolean): 'pipeline' | 'alpha' | 'publish' {
    this.assertIdle();
    const s = this.state.status;
    if (s === 'pending' || s === 'failed') return 'pipeline';
    if (s === 'done' && isAlpha) return 'alpha';
    if (s === 'alpha' && !isAlpha) return 'publish';
    throw new DomainError('conflict', PLUGIN_MESSAGES.notPublishable);
  }

  /** Starts the build pipeline on the attached zip: every action scheduled. */
  startPipeline(jobId: string, now: Date): void {
    if (this.publishKind(false) !== 'pipeline') throw new DomainError('conflict', PLUGIN_MESSAGES.notPublishable);
    if (!this.state.mediaId) throw new DomainError('conflict', PLUGIN_MESSAGES.noZip);
    this.state.jobId = jobId;
    this.state.attempt = 1;
    this.state.status = 'pending';
    this.state.provenance = null;
    this.resetActions('scheduled', now);
    this.touch(now);
    this.record({ type: 'plugin-registry.version.pipeline-started.v1', extra: { jobId, attempt: 1 } });
  }

  /**
   * A job found unfinished after a restart (its lease expired): run once more from the first step, or,
   * past MAX_PIPELINE_ATTEMPTS, fail it visibly. Answers whether it should run.
   */
  resumeInterruptedJob(jobId: string, now: Date): boolean {
    if (!this.running) return false;
    if (this.state.attempt >= MAX_PIPELINE_ATTEMPTS) {
      const step = this.state.actions.find((a) => a.status === 'running' || a.status === 'scheduled')?.action ?? 'unzip';
      this.failRemaining(step, now);
      this.finishPipeline('failed', `The service stopped while the pipeline ran (attempt ${this.state.attempt}); upload or publish again.`, null, now);
      return false;
    }
    this.state.jobId = jobId;
    this.state.attempt += 1;
    this.resetActions('scheduled', now);
    this.touch(now);
    this.record({ type: 'plugin-registry.version.pipeline-started.v1', extra: { jobId, attempt: this.state.attempt } });
    return true;
  }

  ownsJob(jobId: string): boolean {
    return this.state.jobId === jobId;
  }

  startAction(step: PipelineStep, now: Date): void {
    const action = this.action(step);
    action.status = 'running';
    action.runAt = now;
    action.finnishAt = null;
    action.updatedAt = now;
    this.touch(now);
    this.record({ type: 'plugin-registry.version.action-changed.v1', extra: { action: step } });
  }

  /** A step ended; a failure stops the steps after it. */
  finishAction(step: PipelineStep, ok: boolean, now: Date): void {
    if (!ok) return this.failRemaining(step, now);
    const action = this.action(step);
    action.status = 'success';
    action.finnishAt = now;
    action.updatedAt = now;
    this.touch(now);
    this.record({ type: 'plugin-registry.version.action-changed.v1', extra: { action: step } });
  }

  finishPipeline(outcome: 'done' | 'failed', reason: string | null, provenance: ProvenanceState | null, now: Date): void {
    this.state.jobId = null;
    this.state.status = outcome;
    this.state.provenance = outcome === 'done' ? provenance : null;
    this.touch(now);
    this.record({ type: 'plugin-registry.version.pipeline-finished.v1', extra: { outcome, reason } });
  }

  /** Publish alpha (from done; developers only) or publish (from alpha). */
  publish(isAlpha: boolean, who: { isDeveloper: boolean }, now: Date): void {
    const kind = this.publishKind(isAlpha);
    if (kind === 'pipeline') throw new DomainError('conflict', PLUGIN_MESSAGES.notPublishable);
    if (kind === 'alpha' && !who.isDeveloper) throw new DomainError('forbidden', PLUGIN_MESSAGES.developersOnly);
    this.state.status = kind === 'alpha' ? 'alpha' : 'published';
    this.state.publishedAt = kind === 'publish' ? now : this.state.publishedAt;
    this.touch(now);
    this.record({ type: 'plugin-registry.version.published.v1', extra: { alpha: kind === 'alpha' } });
  }

  /** Spec 001 §4: only within 24 h of publishedAt; back to alpha. */
  unpublish(now: Date): void {
    this.assertIdle();
    if (this.state.status !== 'published') throw new DomainError('conflict', PLUGIN_MESSAGES.notPublished);
    if (!withinUnpublishWindow(this.state.publishedAt, now)) throw new DomainError('forbidden', PLUGIN_MESSAGES.unpublishWindow);
    this.state.status = 'alpha';
    this.state.publishedAt = null;
    this.touch(now);
    this.record({ type: 'plugin-registry.version.unpublished.v1' });
  }

  delete(now: Date): void {
    if (this.state.status === 'published') throw new DomainError('conflict', PLUGIN_MESSAGES.publishedVersionUndeletable);
    if (this.state.version === '0.0.0') throw new DomainError('conflict', PLUGIN_MESSAGES.zeroVersionUndeletable);
    this.assertIdle();
    this.deleted = true;
    this.touch(now);
    this.record({ type: 'plugin-registry.version.deleted.v1' });
  }

  snapshot(): PluginVersionState {
    return structuredClone(this.state);
  }

  get isDeleted(): boolean {
    return this.deleted;
  }

  pullEvents(): PluginVersionEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  private failRemaining(step: PipelineStep, now: Date): void {
    let after = false;
    for (const action of this.state.actions) {
      if (action.action === step) {
        action.status = 'failed';
        action.runAt ??= now;
        action.finnishAt = now;
        action.updatedAt = now;
        after = true;
      } else if (after && action.status !== 'success') {
        action.status = 'stopped';
        action.updatedAt = now;
      }
    }
    this.touch(now);
    this.record({ type: 'plugin-registry.version.action-changed.v1', extra: { action: step } });
  }

  private resetActions(status: 'pending' | 'scheduled', now: Date): void {
    for (const action of this.state.actions)
      Object.assign(action, { status, scheduledAt: status === 'scheduled' ? now : null, runAt: null, finnishAt: null, updatedAt: now });
  }

  private action(step: PipelineStep): ActionState {
    return this.state.actions.find((a) => a.action === step)!;
  }

  private touch(now: Date): void {
    this.state.updatedAt = now;
    this.state.revision += 1;
  }

  private record(e: { type: PluginVersionEvent['type']; extra?: Record<string, unknown> }): void {
    this.events.push({
      type: e.type,
      aggregateType: 'plugin-version',
      aggregateId: this.state.id,
      data: { version: this.snapshot(), ...e.extra },
    } as PluginVersionEvent);
  }
}
