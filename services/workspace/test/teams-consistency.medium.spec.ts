import { Team } from '@kiln/contracts';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { aUser, SignedUp } from './support/builders';
import { aMember, aTeam, anUnusedEmail } from './support/team-builders';
import { eventually, startWorkspace, WorkspaceTestEnv } from './support/test-env';

/**
 * The team views and the sign-up reaction under the conditions of real deployments: events delivered late,
 * twice or to two instances, rebuilds from the state tables, and commands racing on one team.
 */
describe('workspace service: team views and invites stay consistent', () => {
  let env: WorkspaceTestEnv;
  let kit: typeof import('@kiln/service-kit');
  let ProjectTeamsOnTeamEvents: import('@kiln/service-kit').Projection;
  let ActivateTeamInvitesOnUserRegistered: import('@kiln/service-kit').Projection;
  beforeAll(async () => {
    env = await startWorkspace();
    // Loaded after startWorkspace() set the namespace (see test-env.ts).
    kit = require('@kiln/service-kit');
    ({ ProjectTeamsOnTeamEvents } = require('../src/teams/projections/project-teams-on-team-events'));
    ({ ActivateTeamInvitesOnUserRegistered } = require('../src/teams/reactions/activate-team-invites-on-user-registered'));
  });
  afterAll(async () => {
    await env?.stop();
  });

  const q = () => env.db.withSchema('workspace');
  const as = (who: SignedUp) => ({ actor: who.actor });
  const members = async (who: SignedUp, teamId: string) =>
    (await env.rpc.call('listMembers', { ...as(who), body: { where: JSON.stringify({ teamId }) } })).data;
  const myTeams = async (who: SignedUp) => (await env.rpc.call('listMyTeams', { ...as(who), body: {} })).data;
  const outboxOf = (teamId: string, type: string) =>
    q()
      .selectFrom('outbox')
      .select('payload')
      .where('type', '=', type)
      .where(sql`payload->>'aggregateId'`, '=', teamId)
      .execute();

  /** A team event as an instance would apply it late, from the team's committed events. */
  async function eventOf(teamId: string, type: string) {
    const [row] = await outboxOf(teamId, type);
    if (!row) throw new Error(`no ${type} of team ${teamId}`);
    return { ...(row.payload as any), eventId: randomUUID() };
  }
  const applyLate = (event: any) => env.db.transaction().execute((trx) => kit.applyOnce(trx, 'workspace', ProjectTeamsOnTeamEvents, event));

  describe('pending invites', () => {
    it('become active when that e-mail signs up: the member row, my teams and team access', async () => {
      const owner = await aUser(env.rpc);
      const team = await aTeam(env.rpc, owner);
      const email = anUnusedEmail();
      const invite = await env.rpc.call('inviteMember', { ...as(owner), body: { teamId: team.id, email: email.toUpperCase(), role: 'editor' } });
      expect(invite).toMatchObject({ status: 'pending', userId: null, data: { email } });

      const newcomer = await aUser(env.rpc, { email, fullName: 'Nina Newcomer' });

      await eventually(async () => expect(await myTeams(newcomer)).toEqual([expect.objectContaining({ id: team.id, userRole: 'editor' })]));
      expect((await members(owner, team.id))[1]).toEqual({ ...invite, userId: newcomer.user.id, status: 'active', user: newcomer.user });
      // The event names the member, never the e-mail.
      const [joined] = await outboxOf(team.id, 'workspace.team.member-joined.v1');
      expect(JSON.stringify(joined.payload)).not.toContain(email);
      expect(joined.payload).toMatchObject({ actorId: null, data: { member: { id: invite.id, userId: newcomer.user.id, status: 'active' } } });
    });

    it('activate once when the sign-up event is delivered twice, again on NATS and to two instances at once', async () => {
      const owner = await aUser(env.rpc);
      const teams = [await aTeam(env.rpc, owner), await aTeam(env.rpc, owner)];
      const email = anUnusedEmail();
      for (const team of teams) await env.rpc.call('inviteMember', { ...as(owner), body: { teamId: team.id, email, role: 'viewer' } });
      const newcomer = await aUser(env.rpc, { email });
      await eventually(async () => expect(await myTeams(newcomer)).toHaveLength(2));
      const versions = async () =>
        await q()
          .selectFrom('teams')
          .select(['id', 'version'])
          .where(
            'id',
            'in',
            teams.map((t) => t.id),
          )
          .orderBy('id')
          .execute();
      const settled = await versions();

      const registered = await q().selectFrom('outbox').select('payload').where('type', 'like', 'workspace.user.registered.%').execute();
      const event = registered.map((r) => r.payload as any).find((p) => p.aggregateId === newcomer.user.id);
      // Redelivered by the stream (a new message id, so JetStream does not drop it) …
      const js = env.nc.jetstream();
      await js.publish(kit.nsSubject(`evt.${event.type}`, env.namespace), JSON.stringify(event), { msgID: randomUUID() });
      // … and handed to two instances at the same moment.
      const twice = await Promise.all(
        [0, 1].map(() => env.db.transaction().execute((trx) => kit.applyOnce(trx, 'workspace', ActivateTeamInvitesOnUserRegistered, event))),
      );
      expect(twice).toEqual([false, false]);

      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await versions()).toEqual(settled);
      for (const team of teams) expect(await outboxOf(team.id, 'workspace.team.member-joined.v1')).toHaveLength(1);
    });

    it('are never left pending when the invite of that e-mail commits while the sign-up is being handled', async () => {
      const { loadTeam, lockInviteEmail, saveTeam } = require('../src/teams/adapters/pg-team.repository');
      const owner = await aUser(env.rpc);
      const team = await aTeam(env.rpc, owner);
      const email = anUnusedEmail();
      let newcomer: SignedUp | undefined;

      // An invite that has looked for an account (none yet) and not committed, while that person signs up.
      await env.db.transaction().execute(async (trx) => {
        await lockInviteEmail(trx, email);
        const aggregate = await loadTeam(trx, team.id);
        const now = new Date();
        aggregate.invite({ memberId: randomUUID().replace(/-/g, '').slice(0, 24), email, role: 'viewer', userId: null }, owner.user.id, now);
        newcomer = await aUser(env.rpc, { email });
        await new Promise((resolve) => setTimeout(resolve, 300)); // the sign-up reaction runs meanwhile
        await saveTeam(trx, aggregate, { actorId: owner.user.id, occurredAt: now });
      });

      await eventually(async () => expect(await myTeams(newcomer!)).toEqual([expect.objectContaining({ id: team.id, userRole: 'viewer' })]));
      expect((await members(owner, team.id)).map((m) => m.status)).toEqual(['active', 'active']);
    });

    it('all land when several invites and sign-ups of the same e-mails run at once', async () => {
      const owner = await aUser(env.rpc);
      const team = await aTeam(env.rpc, owner);
      const emails = Array.from({ length: 6 }, anUnusedEmail);
      const newcomers = await Promise.all(
        emails.map(async (email) => {
          const [, newcomer] = await Promise.all([
            env.rpc.call('inviteMember', { ...as(owner), body: { teamId: team.id, email, role: 'viewer' } }),
            aUser(env.rpc, { email }),
          ]);
          return newcomer;
        }),
      );
      await eventually(async () => {
        const rows = await members(owner, team.id);
        expect(rows.filter((m) => m.status === 'active')).toHaveLength(7);
      });
      for (const newcomer of newcomers) expect(await myTeams(newcomer)).toHaveLength(1);
    });
  });

  describe('late events', () => {
    it('never regress a team, a removed member or a deleted project', async () => {
      const owner = await aUser(env.rpc);
      const team = await aTeam(env.rpc, owner, 'First name');
      const { user: viewer, member } = await aMember(env.rpc, team, owner, 'viewer');
      const project = await env.rpc.call('createProject', { ...as(owner), body: { teamId: team.id, name: 'Chairs' } });
      await env.rpc.call('updateTeam', { ...as(owner), body: { id: team.id, changes: { name: 'Second name' } } });
      await env.rpc.call('removeMember', { ...as(owner), body: { id: member.id } });
      await env.rpc.call('deleteProject', { ...as(owner), body: { id: project.id } });
      const before = await env.rpc.call('getTeam', { ...as(owner), body: { id: team.id } });

      // Older events, each applied now as a second instance might.
      for (const type of ['workspace.team.created.v1', 'workspace.team.member-invited.v1', 'workspace.team.project-created.v1', 'workspace.team.updated.v1']) {
        expect(await applyLate(await eventOf(team.id, type))).toBe(true);
      }

      expect(await env.rpc.call('getTeam', { ...as(owner), body: { id: team.id } })).toEqual(before);
      expect(before).toMatchObject({ name: 'Second name', projects: [] });
      expect((await members(owner, team.id)).map((m) => m.role)).toEqual(['owner']);
      expect(await myTeams(viewer)).toEqual([]);
    });

    it('keep everything of a deleted team deleted, even rows they would write for the first time', async () => {
      const owner = await aUser(env.rpc);
      const team = await aTeam(env.rpc, owner);
      await env.rpc.call('createProject', { ...as(owner), body: { teamId: team.id, name: 'Chairs' } });
      const invited = await env.rpc.call('inviteMember', { ...as(owner), body: { teamId: team.id, email: anUnusedEmail(), role: 'viewer' } });
      const lateProject = await eventOf(team.id, 'workspace.team.project-created.v1');
      const lateInvite = await eventOf(team.id, 'workspace.team.member-invited.v1');
      await env.rpc.call('deleteTeam', { ...as(owner), body: { id: team.id } });
      // Lose the rows, as if these events had never been applied before the deletion.
      await q().deleteFrom('project_view').where('team_id', '=', team.id).execute();
      await q().deleteFrom('team_member_view').where('id', '=', invited.id).execute();

      await applyLate(lateProject);
      await applyLate(lateInvite);

      expect(await q().selectFrom('project_view').select('deleted_at').where('team_id', '=', team.id).execute()).toEqual([{ deleted_at: expect.any(Date) }]);
      expect(await q().selectFrom('team_member_view').select('deleted_at').where('id', '=', invited.id).execute()).toEqual([{ deleted_at: expect.any(Date) }]);
      expect(await myTeams(owner)).toEqual([]);
    });
  });

  it('rebuilds the three views from the state tables to what the live events built', async () => {
    const owner = await aUser(env.rpc);
    const team = await aTeam(env.rpc, owner);
    const { user: editor, member: editorRow } = await aMember(env.rpc, team, owner, 'editor');
    await aMember(env.rpc, team, owner, 'viewer');
    await env.rpc.call('inviteMember', { ...as(owner), body: { teamId: team.id, email: anUnusedEmail(), role: 'viewer' } });
    await env.rpc.call('changeMemberRole', { ...as(owner), body: { id: editorRow.id, changes: { role: 'viewer' } } });
    const kept = await env.rpc.call('createProject', { ...as(owner), body: { teamId: team.id, name: 'Kept' } });
    await env.rpc.call('updateProject', { ...as(owner), body: { id: kept.id, changes: { description: 'Still here' } } });
    const gone = await env.rpc.call('createProject', { ...as(owner), body: { teamId: team.id, name: 'Gone' } });
    await env.rpc.call('deleteProject', { ...as(owner), body: { id: gone.id } });
    const deletedTeam = await aTeam(env.rpc, owner);
    await env.rpc.call('deleteTeam', { ...as(owner), body: { id: deletedTeam.id } });

    const views = async () => ({
      teams: await q().selectFrom('team_view').selectAll().orderBy('id').execute(),
      members: await q()
        .selectFrom('team_member_view')
        .select(['id', 'team_id', 'user_id', 'email', 'role', 'status', 'created_at', 'deleted_at'])
        .orderBy('id')
        .execute(),
      projects: await q()
        .selectFrom('project_view')
        .select(['id', 'team_id', 'name', 'description', 'created_at', 'updated_at', 'deleted_at'])
        .orderBy('id')
        .execute(),
      answers: [await myTeams(owner), await myTeams(editor), await members(owner, team.id)],
    });
    const live = await views();
    expect(live.teams.length).toBeGreaterThan(0);

    await q().deleteFrom('outbox').where('published_at', 'is not', null).execute();
    await q().deleteFrom('team_member_view').where('deleted_at', 'is', null).execute();
    await q().updateTable('team_view').set({ name: 'Corrupted' }).where('deleted_at', 'is', null).execute();
    await kit.rebuildProjection(env.db, 'workspace', ProjectTeamsOnTeamEvents);

    expect(await views()).toEqual(live);
  });

  it('lands every one of several invites sent at the same moment (no lost update)', async () => {
    const owner = await aUser(env.rpc);
    const team = await aTeam(env.rpc, owner);
    const emails = Array.from({ length: 5 }, anUnusedEmail);
    const answers = await Promise.all(emails.map((email) => env.rpc.call('inviteMember', { ...as(owner), body: { teamId: team.id, email, role: 'viewer' } })));
    expect(answers.map((a) => a.data.email).sort()).toEqual([...emails].sort());
    expect((await members(owner, team.id)).map((m) => m.data.email).sort()).toEqual([owner.user.email, ...emails].sort());
    const got: Team = await env.rpc.call('getTeam', { ...as(owner), body: { id: team.id } });
    expect(got.version).toBe(1 + emails.length);
  });
});
