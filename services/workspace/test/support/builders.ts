import { AuthAnswer, CreateModelBody, Model, RegisterBody } from '@kiln/contracts';
import { randomBytes } from 'node:crypto';
import { WorkspaceClient } from './test-env';

const hex = (bytes = 4) => randomBytes(bytes).toString('hex');

/** A sign-up nobody else uses: a unique e-mail every time. */
export const aRegistration = (overrides: Partial<RegisterBody> = {}): RegisterBody => ({
  email: `user-${hex()}@example.com`,
  password: 'correct horse battery',
  fullName: 'Ada Lovelace',
  ...overrides,
});

/** A valid model name, unique enough to find again. */
export const aModelName = (prefix = 'Gear box') => `${prefix} ${hex(3)}`;

/** A client address of its own per call, so the per-address sign-in limit only bites where a test means it to. */
export const anIp = () => `10.${[...randomBytes(3)].join('.')}`;

/** A 24-hex id no one has. */
export const anUnknownId = () => hex(12);

export interface SignedUp extends AuthAnswer {
  actor: { userId: string };
  password: string;
}

/** Registers a fresh person through the service. */
export async function aUser(rpc: WorkspaceClient, overrides: Partial<RegisterBody> = {}): Promise<SignedUp> {
  const body = aRegistration(overrides);
  const answer = await rpc.call('register', { body, ip: anIp() });
  return { ...answer, actor: { userId: answer.user.id }, password: body.password };
}

/** Creates a model for the user through the service. */
export async function aModel(rpc: WorkspaceClient, owner: SignedUp, body: Partial<CreateModelBody> = {}): Promise<Model> {
  return rpc.call('createModel', { actor: owner.actor, body: { name: aModelName(), ...body } });
}
