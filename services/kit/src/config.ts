/** Settings every Kiln process reads from its environment. */
export interface KilnConfig {
  databaseUrl: string;
  natsUrl: string;
  /** Prefix of NATS subjects and stream names, so test runs never meet each other on shared servers. */
  namespace: string;
  /** NATS credentials of this process (deploy/nats gives each service and the BFF its own user). */
  natsUser?: string;
  natsPassword?: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): KilnConfig {
  return {
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kiln',
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    namespace: env.KILN_NAMESPACE ?? '',
    natsUser: env.NATS_USER || undefined,
    natsPassword: env.NATS_PASSWORD || undefined,
  };
}

/** `rpc.workspace.model.create` → `t1234.rpc.workspace.model.create` when a namespace is set. */
export function nsSubject(subject: string, namespace = readConfig().namespace): string {
  return namespace ? `${namespace}.${subject}` : subject;
}

/** Stream and consumer names allow no dots: `t1234_WORKSPACE_EVENTS`. */
export function nsName(name: string, namespace = readConfig().namespace): string {
  return namespace ? `${namespace}_${name}` : name;
}
