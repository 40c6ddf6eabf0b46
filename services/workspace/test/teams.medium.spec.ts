import { Project, Team, TeamMember } from '@kiln/contracts';
import { randomUUID } from 'node:crypto';
import { aModelName, anUnknownId, aUser, SignedUp } from './support/builders';
import { aMember, aTeam, aTeamName, anUnusedEmail } from './support/team-builders';
import { startWorkspace, WorkspaceTestEnv } from './support/test-env';

const NAME_TOO_SHORT = 'Name should be at least 3 characters';
const REQUIRED = 'This field is required';
const NO_ACCESS = 'You don’t have access to this team!';
const NOT_FOUND = { statusCode: 404, message: 'Team not found.' };
const FORBIDDEN = { statusCode: 403, message: NO_ACCESS };
const PALETTE = ['#4f46e5', '#0891b2', '#059669', '#65a30d', '#d97706', '#dc2626', '#db2777', '#7c3aed'];
const invalid = (path: string, message: string) => ({ statusCode: 400, message, errors: [{ path, message }] });

/** Teams, projects and members over NATS, as the BFF calls them (spec 000 §7, spec 001 §3–7). */
describe('workspace service: teams, projects and members', () => {
  let env: WorkspaceTestEnv;
  beforeAll(async () => {
    env = await startWorkspace();
  });
  afterAll(async () => {
    await env?.stop();
  });

  const as = (who: SignedUp) => ({ actor: who.actor });
  const myTeams = async (who: SignedUp) => (await env.rpc.call('listMyTeams', { ...as(who), body: {} })).data;
  const members = async (who: SignedUp, teamId: string) =>
    (await env.rpc.call('listMembers', { ...as(who), body: { where: JSON.stringify({ teamId }) } })).data;
  const projects = async (who: SignedUp, teamId: string) => (await env.rpc.call('listProjects', { ...as(who), body: { teamId } })).data;

  /** An owner, an editor, a viewer and a stranger around one team. */
  async function aCrew() {
    const owner = await aUser(env.rpc, { fullName: 'Olga Owner' });
    const team = await aTeam(env.rpc, owner);
    const editor = await aMember(env.rpc, team, owner, 'editor');
    const viewer = await aMember(env.rpc, team, owner, 'viewer');
    const stranger = await aUser(env.rpc);
    return { owner, team, editor: editor.user, editorRow: editor.member, viewer: viewer.user, viewerRow: viewer.member, stranger };
  }

  describe('create team', () => {
    it('makes the creator its owner, picks a palette colour by id, and is at once in my teams and get', async () => {
      const owner = await aUser(env.rpc);
      const team = await env.rpc.call('createTeam', { ...as(owner), body: { name: '  Design crew  ' } });

      expect(Team.parse(team)).toEqual(team);
      expect(team).toMatchObject({ name: 'Design crew', description: '', ownerId: owner.user.id, userRole: 'owner', projects: [], version: 1 });
      expect(PALETTE).toContain(team.color);
      const { teamColorFor } = require('../src/teams/team-colors');
      expect(team.color).toBe(teamColorFor(team.id));
      await expect(myTeams(owner)).resolves.toEqual([team]);
      await expect(env.rpc.call('getTeam', { ...as(owner), body: { id: team.id } })).resolves.toEqual(team);
      const [row] = await members(owner, team.id);
      expect(row).toMatchObject({
        teamId: team.id,
        userId: owner.user.id,
        role: 'owner',
        status: 'active',
        user: owner.user,
        data: { email: owner.user.email },
      });
    });

    it.each(['ab', '   ab  ', ''])('refuses the name %j with 400 and the spec text', async (name) => {
      const owner = await aUser(env.rpc);
      await expect(env.rpc.fail('createTeam', { ...as(owner), body: { name } })).resolves.toEqual(invalid('name', NAME_TOO_SHORT));
      await expect(myTeams(owner)).resolves.toEqual([]);
    });

    it('creates one team per Idempotency-Key and answers the repeat with the first team', async () => {
      const owner = await aUser(env.rpc);
      const request = { ...as(owner), body: { name: aTeamName() }, idempotencyKey: randomUUID() };
      const [first, second] = await Promise.all([env.rpc.call('createTeam', request), env.rpc.call('createTeam', request)]);
      expect(second).toEqual(first);
      await expect(env.rpc.call('createTeam', request)).resolves.toEqual(first);
      await expect(myTeams(owner)).resolves.toHaveLength(1);
    });
  });

  describe('team settings and deletion', () => {
    it('lets the owner change name, description and colour', async () => {
      const { owner, team, viewer } = await aCrew();
      const updated = await env.rpc.call('updateTeam', {
        ...as(owner),
        body: { id: team.id, changes: { name: 'Renamed crew', description: 'We print', color: '#112233' } },
      });
      expect(updated).toMatchObject({ name: 'Renamed crew', description: 'We print', color: '#112233', userRole: 'owner' });
      expect(updated.version).toBeGreaterThan(team.version);
      await expect(env.rpc.call('getTeam', { ...as(viewer), body: { id: team.id } })).resolves.toMatchObject({ name: 'Renamed crew', userRole: 'viewer' });
    });

    it('requires a name in the settings form', async () => {
      const { owner, team } = await aCrew();
      await expect(env.rpc.fail('updateTeam', { ...as(owner), body: { id: team.id, changes: { name: '  ' } } })).resolves.toEqual(invalid('name', REQUIRED));
    });

    it('refuses settings and deletion to editors and viewers (403) and to strangers (404)', async () => {
      const { team, editor, viewer, stranger } = await aCrew();
      for (const who of [editor, viewer]) {
        await expect(env.rpc.fail('updateTeam', { ...as(who), body: { id: team.id, changes: { name: 'Taken over' } } })).resolves.toEqual(FORBIDDEN);
        await expect(env.rpc.fail('deleteTeam', { ...as(who), body: { id: team.id } })).resolves.toEqual(FORBIDDEN);
      }
      await expect(env.rpc.fail('updateTeam', { ...as(stranger), body: { id: team.id, changes: { name: 'Taken over' } } })).resolves.toEqual(NOT_FOUND);
      await expect(env.rpc.fail('deleteTeam', { ...as(stranger), body: { id: team.id } })).resolves.toEqual(NOT_FOUND);
      await expect(env.rpc.fail('deleteTeam', { ...as(stranger), body: { id: anUnknownId() } })).resolves.toEqual(NOT_FOUND);
    });

    it('deletes the team for everyone, with its members and projects', async () => {
      const { owner, team, editor } = await aCrew();
      const project = await env.rpc.call('createProject', { ...as(editor), body: { teamId: team.id, name: 'Doomed project' } });
      const gone = await env.rpc.call('deleteTeam', { ...as(owner), body: { id: team.id } });
      expect(gone).toMatchObject({ id: team.id, userRole: 'owner' });

      await expect(myTeams(owner)).resolves.toEqual([]);
      await expect(myTeams(editor)).resolves.toEqual([]);
      await expect(env.rpc.fail('getTeam', { ...as(owner), body: { id: team.id } })).resolves.toEqual(FORBIDDEN);
      const q = env.db.withSchema('workspace');
      expect(await q.selectFrom('team_member_view').select('deleted_at').where('team_id', '=', team.id).execute()).toEqual([
        { deleted_at: expect.any(Date) },
        { deleted_at: expect.any(Date) },
        { deleted_at: expect.any(Date) },
      ]);
      expect(await q.selectFrom('project_view').select('deleted_at').where('id', '=', project.id).executeTakeFirst()).toEqual({ deleted_at: expect.any(Date) });
      expect(await q.selectFrom('team_members').select('id').where('team_id', '=', team.id).execute()).toEqual([]);
    });
  });

  describe('reading teams', () => {
    it('answers 403 with the spec text to anyone not an active member, whether the team exists or not', async () => {
      const { team, stranger } = await aCrew();
      for (const id of [team.id, anUnknownId()]) {
        await expect(env.rpc.fail('getTeam', { ...as(stranger), body: { id } })).resolves.toEqual(FORBIDDEN);
        await expect(env.rpc.fail('listProjects', { ...as(stranger), body: { teamId: id } })).resolves.toEqual(FORBIDDEN);
        await expect(env.rpc.fail('listMembers', { ...as(stranger), body: { where: JSON.stringify({ teamId: id }) } })).resolves.toEqual(FORBIDDEN);
      }
      await expect(myTeams(stranger)).resolves.toEqual([]);
    });

    it('lists my teams with my role and their projects, oldest first', async () => {
      const { owner, team, editor, viewer } = await aCrew();
      const other = await aTeam(env.rpc, editor);
      const project = await env.rpc.call('createProject', { ...as(owner), body: { teamId: team.id, name: 'Lamp' } });

      expect((await myTeams(viewer)).map((t) => [t.id, t.userRole])).toEqual([[team.id, 'viewer']]);
      const mine = await myTeams(editor);
      expect(mine.map((t) => [t.id, t.userRole])).toEqual([
        [team.id, 'editor'],
        [other.id, 'owner'],
      ]);
      expect(mine[0].projects).toEqual([project]);
    });
  });

  describe('projects', () => {
    it('lets owners and editors create projects, not viewers (403) or strangers (404)', async () => {
      const { owner, team, editor, viewer, stranger } = await aCrew();
      const byOwner = await env.rpc.call('createProject', { ...as(owner), body: { teamId: team.id, name: ' Chairs ' } });
      const byEditor = await env.rpc.call('createProject', { ...as(editor), body: { teamId: team.id, name: 'Tables' } });
      expect(Project.parse(byOwner)).toEqual(byOwner);
      expect(byOwner).toMatchObject({ teamId: team.id, name: 'Chairs', description: '' });

      await expect(env.rpc.fail('createProject', { ...as(viewer), body: { teamId: team.id, name: 'Sofas' } })).resolves.toEqual(FORBIDDEN);
      await expect(env.rpc.fail('createProject', { ...as(stranger), body: { teamId: team.id, name: 'Sofas' } })).resolves.toEqual(NOT_FOUND);
      await expect(env.rpc.fail('createProject', { ...as(owner), body: { teamId: team.id, name: 'ab' } })).resolves.toEqual(invalid('name', NAME_TOO_SHORT));
      await expect(projects(viewer, team.id)).resolves.toEqual([byOwner, byEditor]);
    });

    it('creates one project per Idempotency-Key', async () => {
      const { owner, team } = await aCrew();
      const request = { ...as(owner), body: { teamId: team.id, name: 'Once only' }, idempotencyKey: randomUUID() };
      const first = await env.rpc.call('createProject', request);
      await expect(env.rpc.call('createProject', request)).resolves.toEqual(first);
      await expect(projects(owner, team.id)).resolves.toEqual([first]);
    });

    it('lets only the owner rename, describe and delete a project', async () => {
      const { owner, team, editor, stranger } = await aCrew();
      const project = await env.rpc.call('createProject', { ...as(editor), body: { teamId: team.id, name: 'Chairs' } });
      const change = { id: project.id, changes: { name: 'Stools' } };

      await expect(env.rpc.fail('updateProject', { ...as(editor), body: change })).resolves.toEqual(FORBIDDEN);
      await expect(env.rpc.fail('deleteProject', { ...as(editor), body: { id: project.id } })).resolves.toEqual(FORBIDDEN);
      await expect(env.rpc.fail('updateProject', { ...as(stranger), body: change })).resolves.toEqual(NOT_FOUND);
      await expect(env.rpc.fail('updateProject', { ...as(owner), body: { id: project.id, changes: { name: '' } } })).resolves.toEqual(
        invalid('name', REQUIRED),
      );

      const renamed = await env.rpc.call('updateProject', { ...as(owner), body: { id: project.id, changes: { name: 'Stools', description: 'Three legs' } } });
      expect(renamed).toMatchObject({ id: project.id, name: 'Stools', description: 'Three legs' });
      await expect(projects(editor, team.id)).resolves.toEqual([renamed]);

      await expect(env.rpc.call('deleteProject', { ...as(owner), body: { id: project.id } })).resolves.toEqual(renamed);
      await expect(projects(editor, team.id)).resolves.toEqual([]);
      await expect(env.rpc.fail('deleteProject', { ...as(owner), body: { id: project.id } })).resolves.toEqual({
        statusCode: 404,
        message: 'Project not found.',
      });
    });
  });

  describe('members', () => {
    it('invites an existing account as an active member, e-mail lowercased, with the account populated', async () => {
      const owner = await aUser(env.rpc);
      const team = await aTeam(env.rpc, owner);
      const invitee = await aUser(env.rpc, { fullName: 'Ivy Invitee' });
      const member = await env.rpc.call('inviteMember', {
        ...as(owner),
        body: { teamId: team.id, email: `  ${invitee.user.email.toUpperCase()} `, role: 'editor' },
      });

      expect(TeamMember.parse(member)).toEqual(member);
      expect(member).toMatchObject({
        teamId: team.id,
        userId: invitee.user.id,
        role: 'editor',
        status: 'active',
        user: invitee.user,
        data: { email: invitee.user.email },
      });
      await expect(members(invitee, team.id)).resolves.toEqual([expect.objectContaining({ role: 'owner' }), member]);
      await expect(myTeams(invitee)).resolves.toEqual([expect.objectContaining({ id: team.id, userRole: 'editor' })]);
    });

    it('keeps an invite of an unknown e-mail pending, with no account and no access', async () => {
      const owner = await aUser(env.rpc);
      const team = await aTeam(env.rpc, owner);
      const email = anUnusedEmail();
      const member = await env.rpc.call('inviteMember', { ...as(owner), body: { teamId: team.id, email, role: 'viewer' } });
      expect(member).toMatchObject({ userId: null, user: null, status: 'pending', role: 'viewer', data: { email } });
      await expect(members(owner, team.id)).resolves.toEqual([expect.objectContaining({ role: 'owner' }), member]);
    });

    it.each([
      [{ email: 'not-an-email', role: 'viewer' }, invalid('email', 'Invalid email')],
      [{ email: 'a@b', role: 'viewer' }, invalid('email', 'Invalid email')],
      [{ email: 'ok@example.com', role: '' }, invalid('role', REQUIRED)],
      [{ email: 'ok@example.com' }, invalid('role', REQUIRED)],
      [{ email: 'ok@example.com', role: 'owner' }, invalid('role', 'Invite roles are viewer and editor.')],
    ])('refuses the invite %j with 400 and the spec text', async (input, error) => {
      const owner = await aUser(env.rpc);
      const team = await aTeam(env.rpc, owner);
      await expect(env.rpc.fail('inviteMember', { ...as(owner), body: { teamId: team.id, ...input } })).resolves.toEqual(error);
      await expect(members(owner, team.id)).resolves.toHaveLength(1);
    });

    it('refuses a second invite of the same person with 409', async () => {
      const { owner, team, editor } = await aCrew();
      const error = await env.rpc.fail('inviteMember', { ...as(owner), body: { teamId: team.id, email: editor.user.email, role: 'viewer' } });
      expect(error).toMatchObject({ statusCode: 409, message: 'This person is already a member of the team.' });
    });

    it('lets only the owner invite: editors and viewers 403, strangers 404', async () => {
      const { team, editor, viewer, stranger } = await aCrew();
      const body = { teamId: team.id, email: anUnusedEmail(), role: 'viewer' as const };
      await expect(env.rpc.fail('inviteMember', { ...as(editor), body })).resolves.toEqual(FORBIDDEN);
      await expect(env.rpc.fail('inviteMember', { ...as(viewer), body })).resolves.toEqual(FORBIDDEN);
      await expect(env.rpc.fail('inviteMember', { ...as(stranger), body })).resolves.toEqual(NOT_FOUND);
    });

    it('lets the owner switch viewer and editor; the owner row is fixed; others may not change roles', async () => {
      const { owner, team, editor, viewerRow, viewer } = await aCrew();
      const ownerRow = (await members(owner, team.id))[0];

      const promoted = await env.rpc.call('changeMemberRole', { ...as(owner), body: { id: viewerRow.id, changes: { role: 'editor' } } });
      expect(promoted).toMatchObject({ id: viewerRow.id, role: 'editor', status: 'active' });
      await expect(env.rpc.call('getTeam', { ...as(viewer), body: { id: team.id } })).resolves.toMatchObject({ userRole: 'editor' });

      await expect(env.rpc.fail('changeMemberRole', { ...as(owner), body: { id: ownerRow.id, changes: { role: 'viewer' } } })).resolves.toEqual({
        statusCode: 403,
        message: 'The owner’s role cannot be changed.',
      });
      await expect(env.rpc.fail('changeMemberRole', { ...as(owner), body: { id: viewerRow.id, changes: { role: 'owner' } } })).resolves.toEqual(
        invalid('role', 'Invite roles are viewer and editor.'),
      );
      await expect(env.rpc.fail('changeMemberRole', { ...as(editor), body: { id: viewerRow.id, changes: { role: 'viewer' } } })).resolves.toEqual(FORBIDDEN);
      await expect(env.rpc.fail('changeMemberRole', { ...as(owner), body: { id: anUnknownId(), changes: { role: 'viewer' } } })).resolves.toEqual({
        statusCode: 404,
        message: 'Member not found.',
      });
    });

    it('lets the owner remove others and anyone else leave; the owner cannot leave', async () => {
      const { owner, team, editor, editorRow, viewer, viewerRow, stranger } = await aCrew();
      const ownerRow = (await members(owner, team.id))[0];

      await expect(env.rpc.fail('removeMember', { ...as(viewer), body: { id: editorRow.id } })).resolves.toEqual(FORBIDDEN);
      await expect(env.rpc.fail('removeMember', { ...as(stranger), body: { id: editorRow.id } })).resolves.toEqual(NOT_FOUND);
      await expect(env.rpc.fail('removeMember', { ...as(owner), body: { id: ownerRow.id } })).resolves.toMatchObject({ statusCode: 403 });

      // Leave: DELETE on one's own row.
      await expect(env.rpc.call('removeMember', { ...as(viewer), body: { id: viewerRow.id } })).resolves.toMatchObject({ id: viewerRow.id });
      await expect(myTeams(viewer)).resolves.toEqual([]);
      await expect(env.rpc.fail('getTeam', { ...as(viewer), body: { id: team.id } })).resolves.toEqual(FORBIDDEN);

      await env.rpc.call('removeMember', { ...as(owner), body: { id: editorRow.id } });
      await expect(myTeams(editor)).resolves.toEqual([]);
      expect((await members(owner, team.id)).map((m) => m.role)).toEqual(['owner']);
    });
  });

  describe('models in team scope', () => {
    it('lets owners and editors create models in the team and its projects; viewers and strangers 403', async () => {
      const { owner, team, editor, viewer, stranger } = await aCrew();
      const project = await env.rpc.call('createProject', { ...as(owner), body: { teamId: team.id, name: 'Chairs' } });
      const otherTeam = await aTeam(env.rpc, owner);
      const otherProject = await env.rpc.call('createProject', { ...as(owner), body: { teamId: otherTeam.id, name: 'Tables' } });

      const model = await env.rpc.call('createModel', { ...as(editor), body: { name: aModelName(), teamId: team.id, projectId: project.id } });
      expect(model).toMatchObject({ teamId: team.id, projectId: project.id, authorId: editor.user.id });
      await expect(env.rpc.call('createModel', { ...as(owner), body: { name: aModelName(), teamId: team.id } })).resolves.toMatchObject({
        teamId: team.id,
        projectId: null,
      });

      for (const who of [viewer, stranger]) {
        await expect(env.rpc.fail('createModel', { ...as(who), body: { name: aModelName(), teamId: team.id } })).resolves.toEqual(FORBIDDEN);
      }
      // A project of another team, or a project without its team.
      await expect(env.rpc.fail('createModel', { ...as(owner), body: { name: aModelName(), teamId: team.id, projectId: otherProject.id } })).resolves.toEqual(
        FORBIDDEN,
      );
      await expect(env.rpc.fail('createModel', { ...as(owner), body: { name: aModelName(), projectId: project.id } })).resolves.toEqual(FORBIDDEN);
    });
  });
});
