import { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { WorkspaceDatabase } from '../src/database.types';
import { aModel, aUser, SignedUp } from './support/builders';
import { startWorkspace, WorkspaceTestEnv } from './support/test-env';

/**
 * `WorkspaceRpc.pushAudience` (ADR 0019): the rooms a user's sockets join on connect. It reads the state
 * tables, which hold a change as soon as it commits (before its event is published), so the rows are
 * written here the way the team and sharing repositories write them, without their read models.
 */
describe('workspace service: push audience (over NATS)', () => {
  let env: WorkspaceTestEnv;
  let db: Kysely<WorkspaceDatabase>;
  beforeAll(async () => {
    env = await startWorkspace();
    db = env.db.withSchema('workspace') as unknown as Kysely<WorkspaceDatabase>;
  });
  afterAll(async () => {
    await env?.stop();
  });

  const id = () => randomBytes(12).toString('hex');
  const audience = (user: SignedUp) => env.rpc.call('pushAudience', { actor: user.actor, body: {} });

  async function aTeam(owner: SignedUp): Promise<string> {
    const teamId = id();
    const now = new Date();
    await db
      .insertInto('teams')
      .values({ id: teamId, name: 'Team', color: '#336699', owner_id: owner.user.id, created_at: now, updated_at: now, version: 1 })
      .execute();
    await member(teamId, owner, 'owner');
    return teamId;
  }

  async function member(teamId: string, user: SignedUp | null, role: string, status = 'active'): Promise<string> {
    const memberId = id();
    await db
      .insertInto('team_members')
      .values({
        id: memberId,
        team_id: teamId,
        user_id: user?.user.id ?? null,
        email: user?.user.email ?? `pending-${id()}@example.com`,
        role,
        status,
        created_at: new Date(),
      })
      .execute();
    return memberId;
  }

  async function share(modelId: string, owner: SignedUp, user: SignedUp | null, role: string): Promise<string> {
    const shareId = id();
    const now = new Date();
    await db
      .insertInto('model_shares')
      .values({
        id: shareId,
        model_id: modelId,
        owner_id: owner.user.id,
        user_id: user?.user.id ?? null,
        email: user?.user.email ?? `pending-${id()}@example.com`,
        role,
        shared_by_id: owner.user.id,
        created_at: now,
        updated_at: now,
        version: 1,
      })
      .execute();
    return shareId;
  }

  it('answers nothing for someone in no team and with no share', async () => {
    const stranger = await aUser(env.rpc);
    await expect(audience(stranger)).resolves.toEqual({ teams: [], shares: [] });
  });

  it("answers the user's active memberships with their roles, and no one else's", async () => {
    const owner = await aUser(env.rpc);
    const editor = await aUser(env.rpc);
    const first = await aTeam(owner);
    const second = await aTeam(owner);
    await member(first, editor, 'editor');
    await member(first, null, 'viewer', 'pending');

    const answer = await audience(owner);
    expect(answer.shares).toEqual([]);
    expect(answer.teams).toHaveLength(2);
    expect(answer.teams).toEqual(
      expect.arrayContaining([
        { teamId: first, role: 'owner' },
        { teamId: second, role: 'owner' },
      ]),
    );
    await expect(audience(editor)).resolves.toEqual({ teams: [{ teamId: first, role: 'editor' }], shares: [] });
  });

  it('leaves out a pending invite, a removed member and a deleted team', async () => {
    const owner = await aUser(env.rpc);
    const invited = await aUser(env.rpc);
    const removed = await aUser(env.rpc);
    const gone = await aUser(env.rpc);
    const team = await aTeam(owner);
    await member(team, invited, 'viewer', 'pending');
    const removedId = await member(team, removed, 'editor');
    await db.deleteFrom('team_members').where('id', '=', removedId).execute();
    const deletedTeam = await aTeam(owner);
    await member(deletedTeam, gone, 'viewer');
    await db.deleteFrom('teams').where('id', '=', deletedTeam).execute(); // members go with it (cascade)

    await expect(audience(invited)).resolves.toEqual({ teams: [], shares: [] });
    await expect(audience(removed)).resolves.toEqual({ teams: [], shares: [] });
    await expect(audience(gone)).resolves.toEqual({ teams: [], shares: [] });
    await expect(audience(owner)).resolves.toEqual({ teams: [{ teamId: team, role: 'owner' }], shares: [] });
  });

  it('answers the models shared with the user and their roles; not pending shares, removed shares or deleted models', async () => {
    const owner = await aUser(env.rpc);
    const reader = await aUser(env.rpc);
    const kept = await aModel(env.rpc, owner);
    const other = await aModel(env.rpc, owner);
    const deleted = await aModel(env.rpc, owner);
    const revoked = await aModel(env.rpc, owner);
    await share(kept.id, owner, reader, 'configurator');
    await share(other.id, owner, reader, 'viewer');
    await share(kept.id, owner, null, 'editor');
    await share(deleted.id, owner, reader, 'editor');
    await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: deleted.id } });
    const revokedShare = await share(revoked.id, owner, reader, 'inspector');
    await db.deleteFrom('model_shares').where('id', '=', revokedShare).execute();

    const answer = await audience(reader);
    expect(answer.teams).toEqual([]);
    expect(answer.shares).toHaveLength(2);
    expect(answer.shares).toEqual(
      expect.arrayContaining([
        { modelId: kept.id, role: 'configurator' },
        { modelId: other.id, role: 'viewer' },
      ]),
    );
    // The author reaches their own models through their user room, not through shares.
    await expect(audience(owner)).resolves.toEqual({ teams: [], shares: [] });
  });

  it('follows the team commands at once: invited, owner of a new team, removed, team deleted', async () => {
    const owner = await aUser(env.rpc);
    const member = await aUser(env.rpc);
    const team = await env.rpc.call('createTeam', { actor: owner.actor, body: { name: 'Audience team' } });
    await expect(audience(owner)).resolves.toEqual({ teams: [{ teamId: team.id, role: 'owner' }], shares: [] });
    const invited = await env.rpc.call('inviteMember', { actor: owner.actor, body: { teamId: team.id, email: member.user.email, role: 'editor' } });
    await expect(audience(member)).resolves.toEqual({ teams: [{ teamId: team.id, role: 'editor' }], shares: [] });
    await env.rpc.call('removeMember', { actor: owner.actor, body: { id: invited.id } });
    await expect(audience(member)).resolves.toEqual({ teams: [], shares: [] });
    await env.rpc.call('deleteTeam', { actor: owner.actor, body: { id: team.id } });
    await expect(audience(owner)).resolves.toEqual({ teams: [], shares: [] });
  });

  it('refuses a request without an actor (the BFF always sends the signed-in user)', async () => {
    const error = await env.rpc.fail('pushAudience', { body: {} });
    expect(error.statusCode).toBe(400);
  });
});
