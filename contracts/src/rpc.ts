import { z } from 'zod';
import { Actor } from './common/errors';
import { IdempotencyKey, Timestamp } from './common/ids';
import { AuthAnswer, LoginBody, RegisterBody } from './workspace/auth';
import { CreateModelBody, ListModelsQuery, Model, ModelList, UpdateModelBody } from './workspace/model';
import { User } from './workspace/user';

/**
 * NATS request/reply between the BFF and the services. The subject is `rpc.<service>.<name>`;
 * requests carry the caller (`actor`) so every service checks authorization itself.
 * Errors come back as ErrorBody (see common/errors.ts).
 */
const rpc = <Req extends z.ZodTypeAny, Rep extends z.ZodTypeAny>(subject: string, request: Req, reply: Rep) => ({
  subject,
  request,
  reply,
});

const withActor = <B extends z.ZodTypeAny>(body: B) => z.object({ actor: Actor, body });
/** A create: the client's `Idempotency-Key` header travels with it, so a repeat creates nothing. */
const creating = <B extends z.ZodTypeAny>(body: B) => z.object({ actor: Actor, body, idempotencyKey: IdempotencyKey.optional() });
const IdBody = z.object({ id: z.string() });
const Health = z.object({ service: z.string(), status: z.literal('ok'), database: z.boolean(), nats: z.boolean(), deadLetters: z.number().int().optional() });
export type Health = z.infer<typeof Health>;

export const SERVICE_NAMES = ['workspace', 'plugin-registry', 'assets', 'commerce'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
export const healthSubject = (service: ServiceName) => `rpc.${service}.health`;
export const HealthRpc = (service: ServiceName) => rpc(healthSubject(service), z.object({}).passthrough(), Health);

export const WorkspaceRpc = {
  register: rpc('rpc.workspace.auth.register', z.object({ body: RegisterBody, ip: z.string() }), AuthAnswer),
  login: rpc('rpc.workspace.auth.login', z.object({ body: LoginBody, ip: z.string() }), AuthAnswer),
  logout: rpc('rpc.workspace.auth.logout', z.object({ token: z.string() }), z.object({ ok: z.literal(true) })),
  resolveSession: rpc('rpc.workspace.auth.resolve-session', z.object({ token: z.string() }), z.object({ user: User, expiresAt: Timestamp })),
  createModel: rpc('rpc.workspace.model.create', creating(CreateModelBody), Model),
  listModels: rpc('rpc.workspace.model.list', withActor(ListModelsQuery), ModelList),
  getModel: rpc('rpc.workspace.model.get', withActor(IdBody), Model),
  updateModel: rpc('rpc.workspace.model.update', withActor(IdBody.extend({ changes: UpdateModelBody })), Model),
  deleteModel: rpc('rpc.workspace.model.delete', withActor(IdBody), Model),
} as const;
