import { DomainError } from '../shared/domain-error';
import { DomainEvent } from '../shared/domain-event';
import { assertPluginForm, deriveSlug, PLUGIN_MESSAGES, pluginInitials } from './plugin-rules';
import { highestVersion } from './plugin-version';

export type PluginIconSlot = 'md-light' | 'md-dark' | 'sm-light' | 'sm-dark';
export type PluginIconsState = Record<PluginIconSlot, string | null>;

export interface PluginState {
  id: string;
  pluginId: string;
  name: string;
  slug: string;
  description: string;
  readme: string;
  type: 'library' | 'node-editor-package';
  private: boolean;
  icons: PluginIconsState;
  initials: string;
  latestVersion: string | null;
  publishedAt: Date | null;
  groupCount: number;
  nodeCount: number;
  authorId: string;
  teamId: string | null;
  projectId: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export type PluginEvent =
  | DomainEvent<'plugin-registry.plugin.created.v1', { plugin: PluginState }>
  | DomainEvent<'plugin-registry.plugin.updated.v1', { plugin: PluginState }>
  | DomainEvent<'plugin-registry.plugin.deleted.v1', { plugin: PluginState }>;

export interface PluginCreateInput {
  name: string;
  pluginId: string;
  slug?: string;
  description: string;
  readme?: string;
  type: string;
  private?: boolean;
  icons?: Partial<PluginIconsState>;
  teamId?: string | null;
  projectId?: string | null;
}

export type PluginChanges = Partial<Omit<PluginCreateInput, 'pluginId' | 'teamId' | 'projectId'>>;

const NO_ICONS: PluginIconsState = { 'md-light': null, 'md-dark': null, 'sm-light': null, 'sm-dark': null };
const fieldError = (kind: 'invalid' | 'forbidden', path: string, message: string) => new DomainError(kind, message, [{ path, message }]);

/**
 * A plugin record (spec 001 §3, §5): its form rules, who may change it, and what its published versions
 * set (latest version, publishedAt, counts). Pure: ids and clocks come in.
 */
export class PluginAggregate {
  private events: PluginEvent[] = [];
  private deleted = false;
  readonly loadedVersion: number;

  private constructor(
    private state: PluginState,
    isNew = false,
  ) {
    this.loadedVersion = isNew ? 0 : state.version;
  }

  static create(input: PluginCreateInput & { id: string; authorId: string; now: Date }): PluginAggregate {
    const name = input.name?.trim() ?? '';
    const slug = (input.slug ?? deriveSlug(name)).trim();
    assertPluginForm({ name, pluginId: input.pluginId?.trim(), slug, type: input.type, description: input.description });
    const plugin = new PluginAggregate(
      {
        id: input.id,
        pluginId: input.pluginId.trim(),
        name,
        slug,
        description: input.description,
        readme: input.readme ?? '',
        type: input.type as PluginState['type'],
        private: input.private ?? true,
        icons: { ...NO_ICONS, ...input.icons },
        initials: pluginInitials(name),
        latestVersion: null,
        publishedAt: null,
        groupCount: 0,
        nodeCount: 0,
        authorId: input.authorId,
        teamId: input.teamId ?? null,
        projectId: input.projectId ?? null,
        createdAt: input.now,
        updatedAt: input.now,
        version: 1,
      },
      true,
    );
    plugin.record('plugin-registry.plugin.created.v1');
    return plugin;
  }

  static restore(state: PluginState): PluginAggregate {
    return new PluginAggregate(structuredClone(state));
  }

  /** Private plugins are invisible to everyone but their author (404, as if they did not exist). */
  static visibleTo(plugin: { private: boolean; authorId: string }, userId: string): boolean {
    return !plugin.private || plugin.authorId === userId;
  }

  /** Only the author changes a plugin; others who can see it get 403, others 404. */
  assertAuthor(actorId: string): void {
    if (this.state.authorId === actorId) return;
    if (!PluginAggregate.visibleTo(this.state, actorId)) throw new DomainError('not-found', PLUGIN_MESSAGES.notFound);
    throw new DomainError('forbidden', PLUGIN_MESSAGES.ownerOnly);
  }

  update(changes: PluginChanges & { pluginId?: string }, actorId: string, now: Date): void {
    this.assertAuthor(actorId);
    if (changes.pluginId !== undefined && changes.pluginId !== this.state.pluginId) throw fieldError('invalid', 'pluginId', PLUGIN_MESSAGES.pluginIdFixed);
    if (changes.slug !== undefined && changes.slug !== this.state.slug) throw fieldError('invalid', 'slug', PLUGIN_MESSAGES.slugFixed);
    if (changes.private === true && !this.state.private) throw fieldError('invalid', 'private', PLUGIN_MESSAGES.noPrivateAgain);
    const next = {
      name: changes.name === undefined ? this.state.name : changes.name.trim(),
      description: changes.description ?? this.state.description,
      readme: changes.readme ?? this.state.readme,
      type: (changes.type ?? this.state.type) as PluginState['type'],
      private: changes.private ?? this.state.private,
      icons: { ...this.state.icons, ...changes.icons },
    };
    assertPluginForm({ name: next.name, pluginId: this.state.pluginId, slug: this.state.slug, type: next.type, description: next.description });
    const same = (Object.keys(next) as (keyof typeof next)[]).every((k) => JSON.stringify(next[k]) === JSON.stringify(this.state[k]));
    if (same) return;
    Object.assign(this.state, next, { initials: pluginInitials(next.name) });
    this.touch(now);
    this.record('plugin-registry.plugin.updated.v1');
  }

  delete(actorId: string, now: Date): void {
    this.assertAuthor(actorId);
    if (this.state.publishedAt) throw new DomainError('conflict', PLUGIN_MESSAGES.publishedUndeletable);
    this.deleted = true;
    this.touch(now);
    this.record('plugin-registry.plugin.deleted.v1');
  }

  /**
   * Its published versions changed: latestVersion is the highest published one, publishedAt the first
   * publishing (cleared when none is left), counts from the newest deployed manifest.
   */
  publishedVersionsChanged(published: readonly string[], counts: { groupCount: number; nodeCount: number } | null, now: Date): void {
    const latest = highestVersion(published);
    const publishedAt = latest ? (this.state.publishedAt ?? now) : null;
    const next = {
      latestVersion: latest,
      publishedAt,
      groupCount: counts?.groupCount ?? this.state.groupCount,
      nodeCount: counts?.nodeCount ?? this.state.nodeCount,
    };
    if (
      next.latestVersion === this.state.latestVersion &&
      next.publishedAt === this.state.publishedAt &&
      next.groupCount === this.state.groupCount &&
      next.nodeCount === this.state.nodeCount
    )
      return;
    Object.assign(this.state, next);
    this.touch(now);
    this.record('plugin-registry.plugin.updated.v1');
  }

  snapshot(): PluginState {
    return structuredClone(this.state);
  }

  get isDeleted(): boolean {
    return this.deleted;
  }

  pullEvents(): PluginEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  private touch(now: Date): void {
    this.state.updatedAt = now;
    this.state.version += 1;
  }

  private record(type: PluginEvent['type']): void {
    this.events.push({ type, aggregateType: 'plugin', aggregateId: this.state.id, data: { plugin: this.snapshot() } } as PluginEvent);
  }
}
