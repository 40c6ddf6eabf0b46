import { PendingAudiences } from '../src/realtime/pending-audiences';
import { audienceRooms, RoomChange, routeEvent } from '@kiln/service-kit/realtime';
import { PushWorld } from './support/push-world';
import { aModelSnapshot, anEvent, anId, modelEvent, ShareStory, TeamStory } from './support/realtime-events';

/**
 * The pure routing of live updates (ADR 0019), without socket.io, NATS or a database: which rooms an
 * event's plan moves people in and out of, and who receives which message. Lives in the medium tier only
 * because the unit tier does not collect bff/; it does no I/O.
 *
 * `World` plays socket.io's rules: an emit reaches each socket in any room of `to` and in no room of
 * `except`; a room change applies to every socket in the user's room.
 */
const teamRoomsOf = (socket: { rooms: Set<string> }) => [...socket.rooms].filter((r) => r.startsWith('team:')).sort();
const modelRoomsOf = (socket: { rooms: Set<string> }) => [...socket.rooms].filter((r) => r.startsWith('model:')).sort();

describe('workspace-model', () => {
  it('reaches only the author of a personal model, as owner', () => {
    const world = new PushWorld();
    const author = world.connect(anId());
    const stranger = world.connect(anId());
    world.handle(modelEvent('workspace.model.created.v1', aModelSnapshot({ authorId: author.userId })));
    expect(author.seen).toEqual([
      expect.objectContaining({ channel: 'workspace-model', verb: 'create', data: expect.objectContaining({ userRole: 'owner' }) }),
    ]);
    expect(stranger.seen).toEqual([]);
  });

  it("reaches each member of the model's team with their team role, and the author once although also the team's owner", () => {
    const world = new PushWorld();
    const ownerId = anId();
    const team = new TeamStory(ownerId);
    const editorId = anId();
    const viewerId = anId();
    const owner = world.connect(ownerId);
    const editor = world.connect(editorId);
    const viewer = world.connect(viewerId);
    const stranger = world.connect(anId());
    world.handle(team.created());
    world.handle(team.invited(editorId, 'editor'));
    world.handle(team.invited(viewerId, 'viewer'));
    for (const s of [owner, editor, viewer]) s.seen.length = 0;

    world.handle(modelEvent('workspace.model.renamed.v1', aModelSnapshot({ authorId: ownerId, teamId: team.team.id, version: 2 })));
    expect(owner.seen.map((m) => m.data.userRole)).toEqual(['owner']);
    expect(editor.seen.map((m) => m.data.userRole)).toEqual(['editor']);
    expect(viewer.seen.map((m) => m.data.userRole)).toEqual(['viewer']);
    expect(stranger.seen).toEqual([]);
  });

  it('gives someone reached by several grants one message with the best role (team viewer, shared as editor, or Everyone)', () => {
    const world = new PushWorld();
    const authorId = anId();
    const team = new TeamStory(authorId);
    const viewerId = anId();
    const viewer = world.connect(viewerId);
    world.connect(authorId);
    world.handle(team.created());
    world.handle(team.invited(viewerId, 'viewer'));
    const model = aModelSnapshot({ authorId, teamId: team.team.id });
    world.handle(new ShareStory(model, viewerId, 'editor').created());
    viewer.seen.length = 0;

    world.handle(modelEvent('workspace.model.renamed.v1', { ...model, version: 2 }));
    expect(viewer.seen.filter((m) => m.channel === 'workspace-model').map((m) => m.data.userRole)).toEqual(['editor']);

    // 'Everyone' as configurator lifts nobody above editor, but a plain team viewer would see configurator.
    const plain = aModelSnapshot({ authorId, teamId: team.team.id, sharedWithEveryone: 'configurator' });
    viewer.seen.length = 0;
    world.handle(modelEvent('workspace.model.created.v1', plain));
    expect(viewer.seen.map((m) => m.data.userRole)).toEqual(['configurator']);
  });

  it('reaches the people a model is shared with, with their share role, until the share is removed', () => {
    const world = new PushWorld();
    const authorId = anId();
    const readerId = anId();
    const reader = world.connect(readerId);
    const model = aModelSnapshot({ authorId });
    const share = new ShareStory(model, readerId, 'inspector');
    world.handle(share.created());
    expect(modelRoomsOf(reader)).toEqual([`model:${model.id}:inspector`]);
    world.handle(modelEvent('workspace.model.renamed.v1', { ...model, version: 2 }));
    world.handle(share.roleChanged('configurator'));
    expect(modelRoomsOf(reader)).toEqual([`model:${model.id}:configurator`]);
    world.handle(modelEvent('workspace.model.renamed.v1', { ...model, version: 3 }));
    world.handle(share.removed());
    world.handle(modelEvent('workspace.model.renamed.v1', { ...model, version: 4 }));

    expect(modelRoomsOf(reader)).toEqual([]);
    expect(reader.seen.map((m) => `${m.channel} ${m.verb} ${m.data.userRole ?? m.data.role}`)).toEqual([
      'workspace-shared-model create inspector',
      'workspace-model update inspector',
      'workspace-shared-model update configurator',
      'workspace-model update configurator',
      'workspace-shared-model delete configurator',
    ]);
  });
});

describe('teams and members', () => {
  it('moves a member through the rooms of their role: invited, role changed, removed', () => {
    const world = new PushWorld();
    const team = new TeamStory(anId());
    const owner = world.connect(team.ownerId);
    const memberId = anId();
    const tabs = [world.connect(memberId), world.connect(memberId)];
    world.handle(team.created());
    expect(teamRoomsOf(owner)).toEqual([`team:${team.team.id}:owner`]);

    world.handle(team.invited(memberId, 'viewer'));
    for (const tab of tabs) {
      expect(teamRoomsOf(tab)).toEqual([`team:${team.team.id}:viewer`]);
      expect(tab.seen.map((m) => `${m.channel} ${m.verb}`)).toEqual(['workspace-team-member create', 'workspace-team create']);
      expect(tab.seen[1].data).toMatchObject({ id: team.team.id, userRole: 'viewer' });
    }
    world.handle(team.roleChanged(memberId, 'editor'));
    expect(teamRoomsOf(tabs[0])).toEqual([`team:${team.team.id}:editor`]);
    expect(tabs[0].seen.at(-1)).toMatchObject({ channel: 'workspace-team', verb: 'update', data: { userRole: 'editor' } });

    world.handle(team.removed(memberId));
    for (const tab of tabs) {
      expect(teamRoomsOf(tab)).toEqual([]);
      expect(tab.seen.slice(-2).map((m) => `${m.channel} ${m.verb}`)).toEqual(['workspace-team-member delete', 'workspace-team delete']);
    }
    // The owner saw the member come, change and go, and nothing of the team's own removal for the member.
    expect(owner.seen.filter((m) => m.channel === 'workspace-team-member').map((m) => m.verb)).toEqual(['create', 'create', 'update', 'delete']);
    expect(owner.seen.filter((m) => m.channel === 'workspace-team').map((m) => m.verb)).toEqual(['create']);

    // From now on the team's pushes pass them by, and the team goes on for the others.
    const count = tabs[0].seen.length;
    world.handle(team.updated('Renamed team'));
    world.handle(team.projectCreated());
    expect(tabs[0].seen).toHaveLength(count);
    expect(owner.seen.slice(-2).map((m) => `${m.channel} ${m.verb}`)).toEqual(['workspace-team update', 'workspace-team-project create']);
  });

  it('gives a pending invite to the team only, and the rooms when its account appears', () => {
    const world = new PushWorld();
    const team = new TeamStory(anId());
    const owner = world.connect(team.ownerId);
    world.handle(team.created());
    const invite = world.handle(team.invited(null, 'editor'))!;
    expect(invite.steps.filter((s) => s.kind === 'rooms')).toEqual([]);
    const memberId = (invite.steps[0] as { message: { data: { id: string } } }).message.data.id;

    const newcomerId = anId();
    const newcomer = world.connect(newcomerId);
    world.handle(team.joined(memberId, newcomerId));
    expect(teamRoomsOf(newcomer)).toEqual([`team:${team.team.id}:editor`]);
    expect(newcomer.seen.map((m) => `${m.channel} ${m.verb}`)).toEqual(['workspace-team-member update', 'workspace-team create']);
    expect(owner.seen.filter((m) => m.channel === 'workspace-team-member').map((m) => `${m.verb} ${m.data.status}`)).toEqual([
      'create active',
      'create pending',
      'update active',
    ]);
  });

  it('tells every member the team is deleted, then takes them all out of its rooms', () => {
    const world = new PushWorld();
    const team = new TeamStory(anId());
    const owner = world.connect(team.ownerId);
    const memberId = anId();
    const member = world.connect(memberId);
    world.handle(team.created());
    world.handle(team.invited(memberId, 'viewer'));
    world.handle(team.deleted());
    for (const s of [owner, member]) {
      expect(s.seen.at(-1)).toMatchObject({ channel: 'workspace-team', verb: 'delete' });
      expect(teamRoomsOf(s)).toEqual([]);
    }
    expect(owner.seen.at(-1)!.data.userRole).toBe('owner');
    expect(member.seen.at(-1)!.data.userRole).toBe('viewer');
  });

  it('judges team events by the team version: a member push and a project push both pass; a stale or repeated event does nothing', () => {
    const world = new PushWorld();
    const team = new TeamStory(anId());
    const owner = world.connect(team.ownerId);
    const memberId = anId();
    world.handle(team.created());
    const invited = team.invited(memberId, 'viewer');
    const project = team.projectCreated();
    expect(world.handle(invited)).not.toBeNull();
    expect(world.handle(project)).not.toBeNull();
    expect(world.handle(project)).toBeNull(); // redelivered
    expect(world.handle({ ...invited, eventId: anId() })).toBeNull(); // older than what was pushed
    const removal = team.removed(memberId);
    expect(world.handle(removal)).not.toBeNull();
    // A member's removal is no tombstone for the team.
    expect(world.handle(team.updated('Still here'))).not.toBeNull();
    expect(owner.seen.map((m) => m.channel)).toEqual([
      'workspace-team-member',
      'workspace-team',
      'workspace-team-member',
      'workspace-team-project',
      'workspace-team-member',
      'workspace-team',
    ]);
  });
});

describe('shares, favorites and notifications', () => {
  it('tells the owner alone of a pending share, and the person too once it is active', () => {
    const world = new PushWorld();
    const authorId = anId();
    const owner = world.connect(authorId);
    const laterId = anId();
    const later = world.connect(laterId);
    const share = new ShareStory(aModelSnapshot({ authorId }), null, 'viewer');
    world.handle(share.created());
    expect(owner.seen.map((m) => m.verb)).toEqual(['create']);
    expect(later.seen).toEqual([]);
    world.handle(share.activated(laterId));
    expect(owner.seen.map((m) => m.verb)).toEqual(['create', 'update']);
    expect(later.seen.map((m) => `${m.channel} ${m.verb}`)).toEqual(['workspace-shared-model create']);
    expect(modelRoomsOf(later)).toEqual([`model:${share.share.modelId}:viewer`]);
  });

  it('sends a favorite and a notification to their own person only', () => {
    const world = new PushWorld();
    const userId = anId();
    const me = world.connect(userId);
    const other = world.connect(anId());
    const favorite = { id: anId(), userId, modelId: anId(), createdAt: new Date().toISOString() };
    world.handle(anEvent('workspace.favorite.added.v1', 'favorite', favorite.id, { favorite }, userId));
    world.handle(anEvent('workspace.favorite.removed.v1', 'favorite', favorite.id, { favorite }, userId));
    const notification = {
      id: anId(),
      recipientId: userId,
      type: 'shared-model.create' as const,
      read: false,
      disabled: false,
      createdAt: new Date().toISOString(),
      data: { link: '/shared-models' },
      version: 1,
    };
    world.handle(anEvent('workspace.notification.created.v1', 'notification', notification.id, { notification }, null));
    world.handle(
      anEvent('workspace.notification.updated.v1', 'notification', notification.id, { notification: { ...notification, read: true, version: 2 } }, userId),
    );
    // Mark-all-read reaches the person's other tabs too, saying up to when; a repeat of it is dropped.
    const upTo = new Date().toISOString();
    const allRead = anEvent('workspace.notification.all-read.v1', 'notification', userId, { recipientId: userId, upTo }, userId);
    world.handle(allRead);
    world.handle(allRead);
    expect(me.seen.map((m) => `${m.channel} ${m.verb}`)).toEqual([
      'workspace-user-favorite create',
      'workspace-user-favorite delete',
      'user-notification create',
      'user-notification update',
      'user-notification update',
    ]);
    expect(me.seen.at(-1)?.data).toEqual({ recipientId: userId, allReadUpTo: upTo });
    expect(other.seen).toEqual([]);
  });
});

describe('a socket connecting while a membership event is in flight', () => {
  /** The gateway's connect: user room, question, answer's rooms, then the changes made meanwhile. */
  function connectWithAnswer(
    pending: PendingAudiences,
    userId: string,
    answer: { teams: { teamId: string; role: 'owner' | 'editor' | 'viewer' }[] },
    meanwhile: RoomChange[],
  ) {
    const asking = pending.begin(userId);
    meanwhile.forEach((change) => pending.record(change));
    const rooms = new Set(audienceRooms({ teams: answer.teams, shares: [] }));
    for (const change of asking.take()) {
      change.leave.forEach((r) => rooms.delete(r));
      change.join.forEach((r) => rooms.add(r));
    }
    expect(asking.take()).toEqual([]);
    asking.end();
    return [...rooms].sort();
  }

  it('is not put back into a team it was removed from by an answer older than the removal', () => {
    const pending = new PendingAudiences();
    const team = new TeamStory(anId());
    const userId = anId();
    team.created();
    team.invited(userId, 'viewer');
    const removal = routeEvent(team.removed(userId))!;
    const changes = removal.steps.filter((s): s is RoomChange => s.kind === 'rooms');
    expect(connectWithAnswer(pending, userId, { teams: [{ teamId: team.team.id, role: 'viewer' }] }, changes)).toEqual([]);
    expect(pending.size).toBe(0);
  });

  it('keeps a role change made while it asked, whichever role the answer held', () => {
    const pending = new PendingAudiences();
    const team = new TeamStory(anId());
    const userId = anId();
    team.created();
    team.invited(userId, 'viewer');
    const change = routeEvent(team.roleChanged(userId, 'editor'))!.steps.filter((s): s is RoomChange => s.kind === 'rooms');
    for (const role of ['viewer', 'editor'] as const) {
      expect(connectWithAnswer(pending, userId, { teams: [{ teamId: team.team.id, role }] }, change)).toEqual([`team:${team.team.id}:editor`]);
    }
    // Someone else's changes are not theirs.
    expect(connectWithAnswer(pending, userId, { teams: [] }, [{ kind: 'rooms', userId: anId(), leave: [], join: ['team:x:owner'] }])).toEqual([]);
  });

  it('keeps recording after the answer until the socket is connected, then stops', () => {
    const pending = new PendingAudiences();
    const userId = anId();
    const change = (room: string): RoomChange => ({ kind: 'rooms', userId, leave: [], join: [room] });
    const asking = pending.begin(userId);
    pending.record(change('team:a:viewer'));
    expect(asking.take()).toEqual([change('team:a:viewer')]);
    pending.record(change('team:b:viewer'));
    expect(asking.take()).toEqual([change('team:b:viewer')]);
    asking.end();
    asking.end();
    pending.record(change('team:c:viewer'));
    expect(asking.take()).toEqual([]);
    expect(pending.size).toBe(0);
  });
});
