import { AnyEventEnvelope, eventSubject, Notification } from '@kiln/contracts';
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { aModel, anUnknownId, aUser, SignedUp } from './support/builders';
import { eventually, startWorkspace, WorkspaceTestEnv } from './support/test-env';

const id = () => randomBytes(12).toString('hex');
const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute)).toISOString();

/**
 * Notifications are made by reactions to team and share events. Those events come from the teams and
 * sharing use cases; here they are written into the outbox exactly as their contracts say (the relay
 * publishes them), so the reactions are tested on their own, through the real stream and consumers.
 * Models are real (their names and deletions come from the models use cases).
 */
describe('workspace service: notifications (over NATS)', () => {
  let env: WorkspaceTestEnv;
  let appendToOutbox: typeof import('@kiln/service-kit').appendToOutbox;
  let rebuildProjection: typeof import('@kiln/service-kit').rebuildProjection;
  let viewProjection: import('@kiln/service-kit').Projection;
  beforeAll(async () => {
    env = await startWorkspace();
    // Loaded after startWorkspace() set the namespace (see test-env.ts).
    ({ appendToOutbox, rebuildProjection } = require('@kiln/service-kit'));
    ({ ProjectNotificationsOnNotificationEvents: viewProjection } = require('../src/notifications/projections/project-notifications-on-notification-events'));
  });
  afterAll(async () => {
    await env?.stop();
  });

  /** Writes one event into the outbox, as a use case would; answers its envelope. */
  async function emit(
    type: string,
    aggregateType: string,
    aggregateId: string,
    data: unknown,
    actorId: string,
    occurredAt = new Date(),
  ): Promise<AnyEventEnvelope> {
    const [envelope] = await env.db
      .transaction()
      .execute((trx) => appendToOutbox(trx, 'workspace', [{ type, aggregateType, aggregateId, data }], { actorId, occurredAt }));
    return envelope as AnyEventEnvelope;
  }

  /** Waits until a consumer has applied the event (the notification, if any, is then in the state table). */
  async function applied(consumer: string, event: AnyEventEnvelope): Promise<void> {
    await eventually(async () => {
      const row = await env.db
        .withSchema('workspace')
        .selectFrom('processed_events')
        .select('event_id')
        .where('consumer', '=', consumer)
        .where('event_id', '=', event.eventId)
        .executeTakeFirst();
      expect(row).toBeDefined();
    });
  }

  /** The state rows of a user, once every notification event has reached the view. */
  async function settled(user: SignedUp): Promise<void> {
    await eventually(async () => {
      const state = await env.db
        .withSchema('workspace')
        .selectFrom('notifications')
        .select(['id', 'version'])
        .where('recipient_id', '=', user.user.id)
        .orderBy('id')
        .execute();
      const view = await env.db
        .withSchema('workspace')
        .selectFrom('notification_view')
        .select(['id', 'version'])
        .where('recipient_id', '=', user.user.id)
        .orderBy('id')
        .execute();
      expect(view).toEqual(state);
    });
  }

  const list = (user: SignedUp, query: Record<string, unknown> = {}) => env.rpc.call('listNotifications', { actor: user.actor, body: query });
  const count = (user: SignedUp) => env.rpc.call('countNotifications', { actor: user.actor, body: {} });

  // --- team events, shaped by contracts/src/events/team.events.ts -------------------------------------------------

  function aTeam(owner: SignedUp, name = 'Rocket Lab') {
    const teamId = id();
    const team = (version: number) => ({
      id: teamId,
      name,
      description: '',
      color: '#1E88E5',
      ownerId: owner.user.id,
      createdAt: at(0),
      updatedAt: at(0),
      version,
    });
    const member = (userId: string | null, role = 'editor', status: 'active' | 'pending' = 'active', memberId = id()) => ({
      id: memberId,
      userId,
      role,
      status,
      createdAt: at(0),
    });
    const teamEvent = (type: string, data: Record<string, unknown>, actor = owner.user.id, occurredAt?: Date) =>
      emit(`workspace.team.${type}.v1`, 'team', teamId, data, actor, occurredAt).then(async (event) => (await applied('notify-on-team-events', event), event));
    return {
      teamId,
      invite: (userId: string | null, role = 'editor', status: 'active' | 'pending' = userId ? 'active' : 'pending', occurredAt?: Date) =>
        teamEvent('member-invited', { team: team(2), member: member(userId, role, status), invitedBy: owner.user.id }, owner.user.id, occurredAt),
      join: (userId: string, memberId: string) => teamEvent('member-joined', { team: team(3), member: member(userId, 'viewer', 'active', memberId) }, userId),
      changeRole: (userId: string, role: string, occurredAt?: Date) =>
        teamEvent('member-role-changed', { team: team(4), member: member(userId, role), previousRole: 'editor' }, owner.user.id, occurredAt),
      remove: (userId: string, removedBy: string) => teamEvent('member-removed', { team: team(5), member: member(userId), removedBy }, removedBy),
      delete: (memberUserIds: string[]) => teamEvent('deleted', { team: team(6), memberUserIds }),
    };
  }

  describe('from team events', () => {
    it('someone invited with an account is told at once, by whom and as what; the owner is not', async () => {
      const owner = await aUser(env.rpc, { fullName: 'Olga Owner' });
      const invitee = await aUser(env.rpc);
      const team = aTeam(owner);

      await team.invite(invitee.user.id, 'editor');

      await settled(invitee);
      const page = await list(invitee);
      expect(page).toEqual({
        total: 1,
        data: [
          {
            id: expect.stringMatching(/^[0-9a-f]{24}$/),
            type: 'team-member.invite',
            message: 'Olga Owner added you to the team “Rocket Lab” as editor.',
            read: false,
            disabled: false,
            createdAt: expect.any(String),
            data: { link: `/${team.teamId}`, teamId: team.teamId },
          },
        ],
      });
      expect(Notification.parse(page.data[0])).toEqual(page.data[0]);
      await expect(count(invitee)).resolves.toEqual({ unreadCount: 1, allCount: 1 });
      await expect(list(owner)).resolves.toEqual({ data: [], total: 0 });
    });

    it('a pending invite tells nobody; the person is told when they sign up (member joined)', async () => {
      const owner = await aUser(env.rpc, { fullName: 'Olga Owner' });
      const team = aTeam(owner, 'Pending Lab');
      const invited = await team.invite(null, 'viewer', 'pending');
      expect(await env.db.withSchema('workspace').selectFrom('notifications').select('id').where('source_event_id', '=', invited.eventId).execute()).toEqual(
        [],
      );

      const newcomer = await aUser(env.rpc);
      await team.join(newcomer.user.id, (invited.data as { member: { id: string } }).member.id);

      await settled(newcomer);
      expect((await list(newcomer)).data.map((n) => [n.type, n.message])).toEqual([
        ['team-member.invite', 'Olga Owner added you to the team “Pending Lab” as viewer.'],
      ]);
    });

    it('a role change and a removal by the owner tell the member; leaving tells no one', async () => {
      const owner = await aUser(env.rpc, { fullName: 'Olga Owner' });
      const member = await aUser(env.rpc);
      const leaver = await aUser(env.rpc);
      const team = aTeam(owner, 'Role Lab');
      await team.invite(member.user.id, 'editor', 'active', new Date(at(1)));
      await team.invite(leaver.user.id, 'editor', 'active', new Date(at(1)));

      await team.changeRole(member.user.id, 'viewer');
      await team.remove(member.user.id, owner.user.id);
      await team.remove(leaver.user.id, leaver.user.id);

      await settled(member);
      await settled(leaver);
      expect((await list(member)).data.map((n) => [n.type, n.message])).toEqual([
        ['team-member.removed', 'You were removed from the team “Role Lab”.'],
        ['team-member.role-changed', 'Your role in the team “Role Lab” is now viewer.'],
        ['team-member.invite', 'Olga Owner added you to the team “Role Lab” as editor.'],
      ]);
      expect((await list(leaver)).data.map((n) => n.type)).toEqual(['team-member.invite']);
    });

    it('a deleted team disables its notifications ("This team deleted by user"), also one made after, out of order', async () => {
      const owner = await aUser(env.rpc);
      const member = await aUser(env.rpc);
      const team = aTeam(owner, 'Doomed Lab');
      await team.invite(member.user.id, 'editor', 'active', new Date(at(1)));
      await settled(member);
      await expect(count(member)).resolves.toEqual({ unreadCount: 1, allCount: 1 });

      await team.delete([owner.user.id, member.user.id]);
      // A fact of that team reaching the reaction after its deletion (a replay, a lagging instance).
      await team.changeRole(member.user.id, 'viewer', new Date(at(2)));

      await settled(member);
      const page = await list(member);
      expect(page.data.map((n) => [n.type, n.disabled, n.message])).toEqual([
        ['team-member.role-changed', true, 'This team deleted by user'],
        ['team-member.invite', true, 'This team deleted by user'],
      ]);
      // Disabled ones are not waiting to be read: the badge counts live ones.
      await expect(count(member)).resolves.toEqual({ unreadCount: 0, allCount: 2 });
    });

    it('a repeated event makes one notification, even after its processed id was pruned', async () => {
      const owner = await aUser(env.rpc);
      const invitee = await aUser(env.rpc);
      const team = aTeam(owner, 'Echo Lab');
      const invited = await team.invite(invitee.user.id);
      await settled(invitee);

      // The dedup row is gone (retention), then the stream delivers the same event again.
      await env.db.withSchema('workspace').deleteFrom('processed_events').where('event_id', '=', invited.eventId).execute();
      await env.nc.jetstream().publish(`${env.namespace}.${eventSubject(invited.type)}`, JSON.stringify(invited), { msgID: `again-${invited.eventId}` });
      await applied('notify-on-team-events', invited);

      await settled(invitee);
      await expect(count(invitee)).resolves.toEqual({ unreadCount: 1, allCount: 1 });
    });
  });

  describe('from the teams use cases, end to end', () => {
    it('an invite by e-mail tells the invitee (at once, or when they sign up); deleting the team disables it', async () => {
      const owner = await aUser(env.rpc, { fullName: 'Olga Owner' });
      const invitee = await aUser(env.rpc);
      const team = await env.rpc.call('createTeam', { actor: owner.actor, body: { name: 'Real Lab' } });
      const laterEmail = `later-${randomBytes(4).toString('hex')}@example.com`;

      await env.rpc.call('inviteMember', { actor: owner.actor, body: { teamId: team.id, email: invitee.user.email, role: 'editor' } });
      await env.rpc.call('inviteMember', { actor: owner.actor, body: { teamId: team.id, email: laterEmail, role: 'viewer' } });
      const newcomer = await aUser(env.rpc, { email: laterEmail });

      for (const [user, role] of [
        [invitee, 'editor'],
        [newcomer, 'viewer'],
      ] as const) {
        await eventually(async () => {
          expect((await list(user)).data).toEqual([
            expect.objectContaining({
              type: 'team-member.invite',
              message: `Olga Owner added you to the team “Real Lab” as ${role}.`,
              data: { link: `/${team.id}`, teamId: team.id },
            }),
          ]);
        });
      }
      await expect(list(owner)).resolves.toEqual({ data: [], total: 0 });

      await env.rpc.call('deleteTeam', { actor: owner.actor, body: { id: team.id } });
      await eventually(async () => {
        expect((await list(invitee)).data).toEqual([expect.objectContaining({ disabled: true, message: 'This team deleted by user' })]);
      });
    });
  });

  // --- share events, shaped by contracts/src/events/sharing.events.ts ---------------------------------------------

  function aShare(owner: SignedUp, modelId: string, userId: string | null, role = 'viewer') {
    const shareId = id();
    const share = (version: number, values: { userId?: string | null; role?: string } = {}) => ({
      id: shareId,
      modelId,
      ownerId: owner.user.id,
      userId: values.userId === undefined ? userId : values.userId,
      role: values.role ?? role,
      sharedById: owner.user.id,
      createdAt: at(0),
      updatedAt: at(0),
      version,
    });
    const shareEvent = (type: string, data: Record<string, unknown>) =>
      emit(`workspace.model-share.${type}.v1`, 'model-share', shareId, data, owner.user.id).then(
        async (event) => (await applied('notify-on-share-events', event), event),
      );
    return {
      create: () => shareEvent('created', { share: share(1) }),
      activate: (newUserId: string) => shareEvent('activated', { share: share(2, { userId: newUserId }) }),
      changeRole: (newRole: string) => shareEvent('role-changed', { share: share(3, { role: newRole }), previousRole: role }),
    };
  }

  describe('from share events', () => {
    it('a model shared with someone tells them, naming the model and the sharer; a role change too', async () => {
      const owner = await aUser(env.rpc, { fullName: 'Sam Sharer' });
      const friend = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner, { name: 'Gear housing' });
      const share = aShare(owner, model.id, friend.user.id);

      await share.create();
      await share.changeRole('editor');

      await settled(friend);
      expect((await list(friend)).data).toEqual([
        expect.objectContaining({
          type: 'shared-model.role-changed',
          message: 'Your role on the model “Gear housing” is now editor.',
          data: { link: '/shared-models', modelId: model.id },
        }),
        expect.objectContaining({
          type: 'shared-model.create',
          message: 'Sam Sharer shared the model “Gear housing” with you as viewer.',
          data: { link: '/shared-models', modelId: model.id },
        }),
      ]);
    });

    it('a share waiting for an account tells the person once it is activated', async () => {
      const owner = await aUser(env.rpc, { fullName: 'Sam Sharer' });
      const model = await aModel(env.rpc, owner, { name: 'Later gear' });
      const share = aShare(owner, model.id, null);
      const created = await share.create();
      expect(await env.db.withSchema('workspace').selectFrom('notifications').select('id').where('source_event_id', '=', created.eventId).execute()).toEqual(
        [],
      );

      const newcomer = await aUser(env.rpc);
      await share.activate(newcomer.user.id);

      await settled(newcomer);
      expect((await list(newcomer)).data.map((n) => n.message)).toEqual(['Sam Sharer shared the model “Later gear” with you as viewer.']);
    });

    it('a deleted model disables its notifications: "This model deleted by user"', async () => {
      const owner = await aUser(env.rpc);
      const friend = await aUser(env.rpc);
      const model = await aModel(env.rpc, owner, { name: 'Short lived' });
      await aShare(owner, model.id, friend.user.id).create();
      await settled(friend);

      await env.rpc.call('deleteModel', { actor: owner.actor, body: { id: model.id } });

      await eventually(async () => {
        expect((await list(friend)).data).toEqual([
          expect.objectContaining({ type: 'shared-model.create', disabled: true, message: 'This model deleted by user' }),
        ]);
      });
    });
  });

  // --- the panel: list, count, read one, read all -------------------------------------------------------------------

  describe('reading', () => {
    let owner: SignedUp;
    let reader: SignedUp;
    beforeAll(async () => {
      owner = await aUser(env.rpc, { fullName: 'Olga Owner' });
      reader = await aUser(env.rpc);
      // Twelve invitations, one a minute: the newest is "Team 12".
      for (let i = 1; i <= 12; i++) await aTeam(owner, `Team ${String(i).padStart(2, '0')}`).invite(reader.user.id, 'viewer', 'active', new Date(at(i)));
      await settled(reader);
    });

    const teamNames = (page: { data: Notification[] }) => page.data.map((n) => /“(.*)”/.exec(n.message)![1]);

    it('pages newest first, 10 by default, with the total', async () => {
      const first = await list(reader);
      expect(first.total).toBe(12);
      expect(teamNames(first)).toEqual(['Team 12', 'Team 11', 'Team 10', 'Team 09', 'Team 08', 'Team 07', 'Team 06', 'Team 05', 'Team 04', 'Team 03']);
      expect(teamNames(await list(reader, { skip: 10 }))).toEqual(['Team 02', 'Team 01']);
      expect(teamNames(await list(reader, { skip: '2', limit: '3', sort: 'createdAt DESC', total: 'true' }))).toEqual(['Team 10', 'Team 09', 'Team 08']);
    });

    it('reads one of mine: it and the count change, and a stranger can neither see nor mark it', async () => {
      const stranger = await aUser(env.rpc);
      const [newest] = (await list(reader)).data;
      const before = await count(reader);

      expect(await env.rpc.fail('readNotification', { actor: stranger.actor, body: { id: newest.id } })).toMatchObject({ statusCode: 404 });
      expect(await env.rpc.fail('readNotification', { actor: reader.actor, body: { id: anUnknownId() } })).toMatchObject({ statusCode: 404 });
      expect(await env.rpc.fail('readNotification', { actor: reader.actor, body: { id: 'not-an-id' } })).toMatchObject({ statusCode: 404 });
      await expect(list(stranger)).resolves.toEqual({ data: [], total: 0 });
      await expect(count(stranger)).resolves.toEqual({ unreadCount: 0, allCount: 0 });

      const read = await env.rpc.call('readNotification', { actor: reader.actor, body: { id: newest.id } });
      expect(read).toEqual({ ...newest, read: true });
      // Read-your-writes: the answer came after the view had it.
      await expect(count(reader)).resolves.toEqual({ unreadCount: before.unreadCount - 1, allCount: before.allCount });
      expect((await list(reader)).data[0]).toEqual(read);
      // Again: nothing changes, same answer.
      await expect(env.rpc.call('readNotification', { actor: reader.actor, body: { id: newest.id } })).resolves.toEqual(read);
    });

    it("reads all of mine and answers the new counts; nobody else's change", async () => {
      const other = await aUser(env.rpc);
      await aTeam(owner, 'Other Lab').invite(other.user.id);
      await settled(other);

      await expect(env.rpc.call('readAllNotifications', { actor: reader.actor, body: {} })).resolves.toEqual({ unreadCount: 0, allCount: 12 });
      expect((await list(reader, { limit: 50 })).data.every((n) => n.read)).toBe(true);
      await expect(count(other)).resolves.toEqual({ unreadCount: 1, allCount: 1 });
      // Nothing left to read: still an answer, no event.
      await expect(env.rpc.call('readAllNotifications', { actor: reader.actor, body: {} })).resolves.toEqual({ unreadCount: 0, allCount: 12 });
    });

    it('the view rebuilt from the state equals the live one', async () => {
      const live = await env.db.withSchema('workspace').selectFrom('notification_view').selectAll().orderBy('id').execute();
      expect(live.length).toBeGreaterThanOrEqual(13);

      await env.db.withSchema('workspace').deleteFrom('notification_view').execute();
      expect((await list(reader)).total).toBe(0);
      await rebuildProjection(env.db, 'workspace', viewProjection);

      expect(await env.db.withSchema('workspace').selectFrom('notification_view').selectAll().orderBy('id').execute()).toEqual(live);
    });
  });

  it('keeps both counts equal to the rows through new ones, reads, disabling, deletions, rebuilds and truncation', async () => {
    const countsMatchRows = async () => {
      const kept = await sql<{ recipient_id: string; all_count: number; unread: number }>`
        SELECT recipient_id, all_count::int AS all_count, unread::int AS unread FROM workspace.notification_counts
        WHERE all_count <> 0 OR unread <> 0 ORDER BY 1`.execute(env.db);
      const actual = await sql<{ recipient_id: string; all_count: number; unread: number }>`
        SELECT recipient_id, count(*)::int AS all_count, (count(*) FILTER (WHERE NOT read AND NOT disabled))::int AS unread
        FROM workspace.notification_view GROUP BY 1 ORDER BY 1`.execute(env.db);
      expect(kept.rows).toEqual(actual.rows);
    };
    const [one, two] = await Promise.all([aUser(env.rpc), aUser(env.rpc)]);
    // One statement for both recipients (a batch), then reads, a disabling, a deletion.
    await sql`
      INSERT INTO workspace.notification_view (id, recipient_id, type, message, data, created_at, version)
      SELECT lpad(to_hex(g + ${Math.floor(Math.random() * 1e9)}), 24, '0'), CASE WHEN g % 3 = 0 THEN ${two.user.id} ELSE ${one.user.id} END,
             'team-invite', 'm', '{}'::jsonb, now(), 1
      FROM generate_series(1, 30) AS g`.execute(env.db);
    await countsMatchRows();
    await expect(count(one)).resolves.toEqual({ unreadCount: 20, allCount: 20 });
    await sql`UPDATE workspace.notification_view SET read = true
      WHERE id IN (SELECT id FROM workspace.notification_view WHERE recipient_id = ${one.user.id} ORDER BY id LIMIT 5)`.execute(env.db);
    await sql`UPDATE workspace.notification_view SET disabled = true
      WHERE recipient_id = ${two.user.id}
        AND id IN (SELECT id FROM workspace.notification_view WHERE recipient_id = ${two.user.id} ORDER BY id LIMIT 4)`.execute(env.db);
    await sql`DELETE FROM workspace.notification_view
      WHERE id IN (SELECT id FROM workspace.notification_view WHERE recipient_id = ${one.user.id} ORDER BY id DESC LIMIT 3)`.execute(env.db);
    await countsMatchRows();
    await expect(count(one)).resolves.toEqual({ unreadCount: 12, allCount: 17 });
    await expect(count(two)).resolves.toEqual({ unreadCount: 6, allCount: 10 });

    await rebuildProjection(env.db, 'workspace', viewProjection);
    await countsMatchRows();
    await sql`TRUNCATE workspace.notification_view`.execute(env.db);
    await countsMatchRows();
    await expect(count(one)).resolves.toEqual({ unreadCount: 0, allCount: 0 });
    await rebuildProjection(env.db, 'workspace', viewProjection);
    await countsMatchRows();
  });
});
