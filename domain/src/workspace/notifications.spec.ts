import { badgeText, notificationForModeration, notificationForShare, notificationsForTeamEvent, notificationText, subjectDeletedBy } from './notifications';
import { TeamAggregate } from './team.aggregate';

const now = new Date('2026-11-23T10:00:00Z');
const names: Record<string, string> = { 'u-owner': 'Olga Owner', 'u-ed': 'Ed Itor' };
const nameOf = (id: string) => names[id] ?? 'Someone';

function teamWithEvents(build: (team: TeamAggregate) => void) {
  const team = TeamAggregate.create({ id: 't1', memberId: 'm1', name: 'Rocket Lab', owner: { id: 'u-owner', email: 'o@example.com' }, color: '#000', now });
  team.pullEvents();
  build(team);
  return team.pullEvents().flatMap((event) => notificationsForTeamEvent(event, nameOf));
}

describe('badge and texts (spec 000 §2, §4)', () => {
  it('shows nothing at 0, the count up to 9 and 9+ above 9', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });

  it('a disabled notification says its model or team was deleted', () => {
    expect(notificationText({ type: 'shared-model.create', message: 'x', disabled: true })).toBe('This model deleted by user');
    expect(notificationText({ type: 'team-member.invite', message: 'x', disabled: true })).toBe('This team deleted by user');
    expect(notificationText({ type: 'team-member.invite', message: 'x', disabled: false })).toBe('x');
  });
});

describe('who is notified of team facts', () => {
  it('someone added with an account is told at once, by whom and as what', () => {
    const drafts = teamWithEvents((team) => team.invite({ memberId: 'm2', email: 'ed@example.com', role: 'editor', userId: 'u-ed' }, 'u-owner', now));
    expect(drafts).toEqual([
      {
        recipientUserId: 'u-ed',
        type: 'team-member.invite',
        message: 'Olga Owner added you to the team “Rocket Lab” as editor.',
        data: { link: '/t1', teamId: 't1' },
      },
    ]);
  });

  it('a pending invite notifies when the person signs up', () => {
    expect(teamWithEvents((team) => team.invite({ memberId: 'm2', email: 'new@example.com', role: 'viewer', userId: null }, 'u-owner', now))).toEqual([]);
    const drafts = teamWithEvents((team) => {
      team.invite({ memberId: 'm2', email: 'new@example.com', role: 'viewer', userId: null }, 'u-owner', now);
      team.activatePendingInvite({ id: 'u-new', email: 'new@example.com' }, now);
    });
    expect(drafts.map((d) => [d.recipientUserId, d.type])).toEqual([['u-new', 'team-member.invite']]);
  });

  it('role changes and removals notify the member; leaving notifies no one', () => {
    const drafts = teamWithEvents((team) => {
      team.invite({ memberId: 'm2', email: 'ed@example.com', role: 'editor', userId: 'u-ed' }, 'u-owner', now);
      team.invite({ memberId: 'm3', email: 'vi@example.com', role: 'viewer', userId: 'u-vi' }, 'u-owner', now);
      team.changeMemberRole('m2', 'viewer', 'u-owner', now);
      team.removeMember('m2', 'u-owner', now);
      team.removeMember('m3', 'u-vi', now);
    });
    expect(drafts.map((d) => [d.recipientUserId, d.type])).toEqual([
      ['u-ed', 'team-member.invite'],
      ['u-vi', 'team-member.invite'],
      ['u-ed', 'team-member.role-changed'],
      ['u-ed', 'team-member.removed'],
    ]);
  });
});

describe('team facts as the contract carries them (parsed envelopes: strings for dates, no e-mail)', () => {
  const team = {
    id: 't1',
    name: 'Rocket Lab',
    description: '',
    color: '#000',
    ownerId: 'u-owner',
    createdAt: '2026-11-23T10:00:00Z',
    updatedAt: '2026-11-23T10:00:00Z',
    version: 2,
  };
  const member = { id: 'm2', userId: 'u-ed', role: 'editor', status: 'active', createdAt: '2026-11-23T10:00:00Z' };

  it('a joined pending invite names the owner as the one who added them', () => {
    const drafts = notificationsForTeamEvent({ type: 'workspace.team.member-joined.v1', aggregateId: 't1', data: { team, member } }, nameOf);
    expect(drafts).toEqual([
      {
        recipientUserId: 'u-ed',
        type: 'team-member.invite',
        message: 'Olga Owner added you to the team “Rocket Lab” as editor.',
        data: { link: '/t1', teamId: 't1' },
      },
    ]);
  });

  it('other team facts notify nobody', () => {
    expect(notificationsForTeamEvent({ type: 'workspace.team.updated.v1', aggregateId: 't1', data: { team } }, nameOf)).toEqual([]);
    expect(
      notificationsForTeamEvent(
        {
          type: 'workspace.team.member-invited.v1',
          aggregateId: 't1',
          data: { team, member: { ...member, userId: null, status: 'pending' }, invitedBy: 'u-owner' },
        },
        nameOf,
      ),
    ).toEqual([]);
  });

  it('a deleted team or model is the subject whose notifications are disabled', () => {
    expect(subjectDeletedBy({ type: 'workspace.team.deleted.v1', aggregateId: 't1' })).toEqual({ kind: 'team', id: 't1' });
    expect(subjectDeletedBy({ type: 'workspace.model.deleted.v1', aggregateId: 'mo1' })).toEqual({ kind: 'model', id: 'mo1' });
    expect(subjectDeletedBy({ type: 'workspace.team.updated.v1', aggregateId: 't1' })).toBeNull();
  });
});

describe('shares and moderation', () => {
  it('a new share and a changed share role have their own types', () => {
    const base = { recipientUserId: 'u2', modelId: 'm1', modelName: 'Gear', sharedByName: 'Olga Owner', role: 'viewer' };
    expect(notificationForShare({ ...base, changed: false })).toMatchObject({
      type: 'shared-model.create',
      message: 'Olga Owner shared the model “Gear” with you as viewer.',
    });
    expect(notificationForShare({ ...base, changed: true })).toMatchObject({ type: 'shared-model.role-changed' });
  });

  it('approval and rejection reach the author', () => {
    expect(notificationForModeration({ authorId: 'u1', productId: 'p1', title: 'Gear', approved: true })).toMatchObject({
      recipientUserId: 'u1',
      type: 'product.approved',
    });
    expect(notificationForModeration({ authorId: 'u1', productId: 'p1', title: 'Gear', approved: false })).toMatchObject({ type: 'product.rejected' });
  });
});
