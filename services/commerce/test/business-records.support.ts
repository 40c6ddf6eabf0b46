import { BusinessRpc, ErrorBody } from '@kiln/contracts';
import { nsSubject, requestPacket } from '@kiln/service-kit';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { aUser, SignedUp } from '../../workspace/test/support/builders';
import { eventually } from '../../workspace/test/support/test-env';
import { CommerceRpcError, CommerceTestEnv } from './support/commerce-env';

/** The business dashboard's NATS requests, signed as the BFF sends them (contracts checked both ways). */
export type BusinessRpcName = keyof typeof BusinessRpc;
type Req<K extends BusinessRpcName> = z.input<(typeof BusinessRpc)[K]['request']>;
type Rep<K extends BusinessRpcName> = z.output<(typeof BusinessRpc)[K]['reply']>;

export interface BusinessClient {
  call<K extends BusinessRpcName>(name: K, data: Req<K>): Promise<Rep<K>>;
  fail<K extends BusinessRpcName>(name: K, data: unknown): Promise<ErrorBody>;
}

export function businessClient(env: CommerceTestEnv): BusinessClient {
  async function call<K extends BusinessRpcName>(name: K, data: Req<K>): Promise<Rep<K>> {
    const packet = await requestPacket(env.workspace.nc, nsSubject(BusinessRpc[name].subject), data, { timeout: 30_000 });
    if (packet.err !== undefined && packet.err !== null) throw new CommerceRpcError(ErrorBody.parse(packet.err));
    return BusinessRpc[name].reply.parse(packet.response) as Rep<K>;
  }
  async function fail<K extends BusinessRpcName>(name: K, data: unknown): Promise<ErrorBody> {
    try {
      await call(name, data as Req<K>);
    } catch (error) {
      if (error instanceof CommerceRpcError) return error.body;
      throw error;
    }
    throw new Error(`expected ${name} to fail, but it succeeded`);
  }
  return { call, fail };
}

export interface ATeam {
  teamId: string;
  projectId: string;
  owner: SignedUp;
  editor: SignedUp;
  viewer: SignedUp;
}

/** A team (owner, an editor, a viewer, one project), once the commerce service has followed its events. */
export async function aTeamWithRoles(env: CommerceTestEnv): Promise<ATeam> {
  const rpc = env.workspace.rpc;
  const [owner, editor, viewer] = [await aUser(rpc), await aUser(rpc), await aUser(rpc)];
  const team = await rpc.call('createTeam', { actor: owner.actor, body: { name: `Shop ${randomUUID().slice(0, 6)}` } });
  await rpc.call('inviteMember', { actor: owner.actor, body: { teamId: team.id, email: editor.user.email, role: 'editor' } });
  await rpc.call('inviteMember', { actor: owner.actor, body: { teamId: team.id, email: viewer.user.email, role: 'viewer' } });
  const project = await rpc.call('createProject', { actor: owner.actor, body: { teamId: team.id, name: 'Spring line' } });
  await eventually(async () => {
    const rows = await env.db
      .withSchema('commerce')
      .selectFrom('business_team_members')
      .select('user_id')
      .where('team_id', '=', team.id)
      .where('active', '=', true)
      .execute();
    const projects = await env.db.withSchema('commerce').selectFrom('business_projects').select('id').where('id', '=', project.id).execute();
    expect(rows).toHaveLength(3);
    expect(projects).toHaveLength(1);
  });
  return { teamId: team.id, projectId: project.id, owner, editor, viewer };
}
