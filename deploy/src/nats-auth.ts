/**
 * NATS users and permissions, one user per Kiln process (issue 5, item 10). Pure: the runner writes the
 * result next to the nats-server store it starts, and deploy/nats/kiln-users.conf is the same config for
 * the no-namespace deployment, with each password read from the environment (a unit test keeps the two
 * equal).
 *
 * What each user may do:
 * - `bff`: send every `rpc.>` request (it alone may), broadcast on `bff.>`, and read every event stream
 *   through ordered consumers; it receives replies on `_INBOX.>` and its own broadcasts on `bff.>`.
 * - a service: answer its own `rpc.<service>.>` requests (replies are allowed by `allow_responses`),
 *   ask its own health once at start-up, publish events to its own stream only, and manage that stream
 *   and its consumers (projections) through the JetStream API.
 * - `admin`: everything (the runner's own connections: health pings, deleting test streams).
 * - a reader (`analytics`, ADR 0068): its own named durable consumers of the streams it reads (create, info,
 *   next, ack, and delete for a rebuild), those streams' info; no `evt.*`, no `rpc.*`, nothing else.
 */
import { ANALYTICS_SUBSCRIPTIONS } from '../../services/analytics/src/subscriptions';

export const NATS_SERVICES = ['workspace', 'plugin-registry', 'assets', 'commerce', 'integrations'] as const;
export type NatsService = (typeof NATS_SERVICES)[number];
/** Processes that only read event streams, with durable consumers of their own (ADR 0068). */
export const NATS_READERS = ['analytics'] as const;
export type NatsReader = (typeof NATS_READERS)[number];
export const NATS_USERS = ['admin', 'bff', ...NATS_SERVICES, ...NATS_READERS] as const;
export type NatsUser = (typeof NATS_USERS)[number];

/** The JetStream stream each service publishes its events to (see the services' modules). */
export const SERVICE_STREAMS: Record<NatsService, string> = {
  workspace: 'WORKSPACE_EVENTS',
  'plugin-registry': 'PLUGIN_REGISTRY_EVENTS',
  assets: 'ASSETS_EVENTS',
  commerce: 'COMMERCE_EVENTS',
  integrations: 'INTEGRATIONS_EVENTS',
};

/**
 * What a service may do beyond its own stream and requests (ADR 0022): send named requests to another
 * service, or read another service's stream with durable consumers (creating the stream if it is not there
 * yet, so start-up order does not matter).
 */
export const SERVICE_GRANTS: Partial<Record<NatsService, { asks?: string[]; reads?: NatsService[] }>> = {
  // Products: only the model's owner publishes it (the workspace's policy); moderators may be listed by e-mail.
  // Catalog (ADR 0027): which models the caller may add; items follow their model's renames and deletion,
  // and business records follow team roles (ADR 0029), from the workspace's events.
  commerce: {
    asks: [
      'rpc.workspace.model.accessibility',
      'rpc.workspace.publish.actor-email',
      'rpc.workspace.catalog-support.models',
      'rpc.workspace.people.names',
      'rpc.workspace.people.by-email',
      // A material's newly chosen texture must be one the caller sees (ADR 0064).
      'rpc.workspace.texture.get',
    ],
    reads: ['workspace'],
  },
  // Models follow their product (productId, publishedAt) from the commerce events.
  // Images, vector graphics, 3D objects are made only of the caller's own upload of their kind: it asks the assets service (ADR 0052).
  // A font's family, style, weight and category are read from the caller's own font file by the assets service (ADR 0055).
  // Images, vector graphics and 3D objects follow their media's previews, from the assets service's events (ADR 0052).
  workspace: { reads: ['commerce', 'assets'], asks: ['rpc.assets.media.get', 'rpc.assets.font.describe'] },
  // assign-zip-file attaches only the caller's own upload: it asks the assets service (ADR 0033).
  'plugin-registry': { asks: ['rpc.assets.media.get'] },
  // The event journal (ADR 0066) reads every stream with its durable consumers, and asks the workspace which rooms a
  // reader is in now (the visibility check at read and delivery time).
  // Webhooks (ADR 0067): a team's projects (a project endpoint), and the notification of an endpoint disabled after its retries.
  integrations: {
    asks: ['rpc.workspace.realtime.audience', 'rpc.workspace.team.project.list', 'rpc.workspace.notification.webhook-disabled'],
    reads: ['workspace', 'plugin-registry', 'assets', 'commerce'],
  },
};

/** The JetStream API a service's durable consumers of another service's stream need. */
function consumeStreamApi(stream: string): string[] {
  return [
    `$JS.API.STREAM.INFO.${stream}`,
    `$JS.API.STREAM.CREATE.${stream}`,
    `$JS.API.CONSUMER.CREATE.${stream}.>`,
    `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.>`,
    `$JS.API.CONSUMER.INFO.${stream}.>`,
    `$JS.API.CONSUMER.DELETE.${stream}.>`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.>`,
    `$JS.ACK.${stream}.>`,
  ];
}

export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
  /** May answer the requests it received (publish to their reply subject), once each. */
  allowResponses: boolean;
}

function subjectIn(namespace: string, subject: string): string {
  return namespace ? `${namespace}.${subject}` : subject;
}

function streamIn(namespace: string, stream: string): string {
  return namespace ? `${namespace}_${stream}` : stream;
}

/** The JetStream API subjects (as nats.js sends them) that read a stream through ordered consumers. */
function readStreamApi(stream: string): string[] {
  return [
    `$JS.API.STREAM.INFO.${stream}`,
    `$JS.API.CONSUMER.CREATE.${stream}`, // servers before 2.9
    `$JS.API.CONSUMER.CREATE.${stream}.>`, // CREATE.<stream>.<name>[.<filter>]
    `$JS.API.CONSUMER.INFO.${stream}.>`,
    `$JS.API.CONSUMER.DELETE.${stream}.>`, // an ordered consumer replaces itself after a gap
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.>`,
  ];
}

/** The durable consumers (stream, name) each reader may use: the analytics consumer's own list. */
export const READER_CONSUMERS: Record<NatsReader, readonly { stream: string; durable: string }[]> = {
  analytics: ANALYTICS_SUBSCRIPTIONS,
};

/**
 * The JetStream API a reader's named durable consumers need, and nothing more: no other consumer of the stream
 * can be made, read, acked or deleted with it, and no message can be published to a stream.
 */
function readerApi(namespace: string, reader: NatsReader): string[] {
  const consumers = READER_CONSUMERS[reader].map((c) => ({ stream: streamIn(namespace, c.stream), durable: streamIn(namespace, c.durable) }));
  return [
    '$JS.API.INFO',
    ...[...new Set(consumers.map((c) => c.stream))].map((stream) => `$JS.API.STREAM.INFO.${stream}`),
    ...consumers.flatMap(({ stream, durable }) => [
      `$JS.API.CONSUMER.CREATE.${stream}.${durable}`,
      `$JS.API.CONSUMER.CREATE.${stream}.${durable}.>`, // CREATE.<stream>.<name>.<filter>
      `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.${durable}`, // servers before 2.9
      `$JS.API.CONSUMER.INFO.${stream}.${durable}`,
      `$JS.API.CONSUMER.DELETE.${stream}.${durable}`, // a rebuild starts it over
      `$JS.API.CONSUMER.MSG.NEXT.${stream}.${durable}`,
      `$JS.ACK.${stream}.${durable}.>`,
    ]),
  ];
}

const isReader = (user: NatsUser): user is NatsReader => (NATS_READERS as readonly string[]).includes(user);

/** What `user` may do; `undefined` means everything (`admin`). */
export function natsPermissions(user: NatsUser, namespace = ''): NatsPermissions | undefined {
  if (user === 'admin') return undefined;
  if (user === 'bff') {
    return {
      publish: [
        subjectIn(namespace, 'rpc.>'),
        subjectIn(namespace, 'bff.>'),
        '$JS.API.INFO',
        ...NATS_SERVICES.flatMap((s) => readStreamApi(streamIn(namespace, SERVICE_STREAMS[s]))),
      ],
      subscribe: ['_INBOX.>', subjectIn(namespace, 'bff.>')],
      allowResponses: false,
    };
  }
  if (isReader(user)) return { publish: readerApi(namespace, user), subscribe: ['_INBOX.>'], allowResponses: false };
  const stream = streamIn(namespace, SERVICE_STREAMS[user]);
  return {
    publish: [
      subjectIn(namespace, `evt.${user}.>`),
      subjectIn(namespace, `rpc.${user}.health`), // "started means answering" asks its own health once
      '$JS.API.INFO',
      `$JS.API.STREAM.*.${stream}`, // INFO, CREATE, UPDATE of its own stream
      `$JS.API.STREAM.MSG.*.${stream}`,
      `$JS.API.CONSUMER.*.${stream}`, // LIST, NAMES, CREATE (old servers)
      `$JS.API.CONSUMER.*.${stream}.>`, // CREATE, INFO, DELETE of its consumers
      `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.>`,
      `$JS.API.CONSUMER.MSG.NEXT.${stream}.>`,
      `$JS.ACK.${stream}.>`, // ack, nak and term of its projections' messages
      ...(SERVICE_GRANTS[user]?.asks ?? []).map((subject) => subjectIn(namespace, subject)),
      ...(SERVICE_GRANTS[user]?.reads ?? []).flatMap((other) => consumeStreamApi(streamIn(namespace, SERVICE_STREAMS[other]))),
    ],
    subscribe: [subjectIn(namespace, `rpc.${user}.>`), '_INBOX.>'],
    allowResponses: true,
  };
}

/** `NATS_PLUGIN_REGISTRY_PASSWORD`: the variable that holds a user's password in deploy/nats/kiln-users.conf. */
export function passwordVariable(user: NatsUser): string {
  return `NATS_${user.toUpperCase().replace(/-/g, '_')}_PASSWORD`;
}

/** A password written in the config: a `$VARIABLE` reference stays bare (nats-server reads it from the environment). */
function passwordValue(password: string): string {
  return /^\$[A-Z_][A-Z0-9_]*$/.test(password) ? password : JSON.stringify(password);
}

function list(values: string[]): string {
  return `[${values.map((v) => JSON.stringify(v)).join(', ')}]`;
}

/**
 * The `authorization` block of a nats-server config for these passwords. Subjects and stream names carry
 * `namespace` the way the services name them (`ns.rpc.…`, `ns_WORKSPACE_EVENTS`).
 */
export function natsAuthConfig(input: { namespace?: string; passwords: Record<NatsUser, string> }): string {
  const namespace = input.namespace ?? '';
  const lines = [
    '# Kiln: one NATS user per process, with what it may publish and subscribe to.',
    '# Generated by natsAuthConfig() in deploy/src/nats-auth.ts; edit that, not this.',
    ...(namespace ? [`# Namespace: ${namespace}`] : []),
    'authorization {',
    '  users = [',
  ];
  for (const user of NATS_USERS) {
    const permissions = natsPermissions(user, namespace);
    lines.push(`    {`, `      user: ${JSON.stringify(user)}`, `      password: ${passwordValue(input.passwords[user])}`);
    if (permissions) {
      lines.push(
        `      permissions: {`,
        `        publish: { allow: ${list(permissions.publish)} }`,
        `        subscribe: { allow: ${list(permissions.subscribe)} }`,
        ...(permissions.allowResponses ? [`        allow_responses: true`] : []),
        `      }`,
      );
    }
    lines.push(`    }`);
  }
  lines.push('  ]', '}', '');
  return lines.join('\n');
}

/** The passwords of deploy/nats/kiln-users.conf: each one read from its environment variable. */
export function passwordsFromEnvironment(): Record<NatsUser, string> {
  return Object.fromEntries(NATS_USERS.map((user) => [user, `$${passwordVariable(user)}`])) as Record<NatsUser, string>;
}
