import { ChangeMemberRoleBody, CreateTeamBody, InviteMemberBody, UpdateTeamBody } from './team';
import { ListNotificationsQuery } from './notification';

describe('team contracts', () => {
  it('refuse unknown fields and too-long names with a sentence for people', () => {
    expect(CreateTeamBody.safeParse({ name: 'Rocket Lab', ownerId: 'x' }).success).toBe(false);
    const tooLong = CreateTeamBody.safeParse({ name: 'x'.repeat(201) });
    expect(tooLong.success ? null : tooLong.error.issues[0].message).toBe('The name must be at most 200 characters.');
  });

  it('take a #rrggbb colour only', () => {
    expect(UpdateTeamBody.safeParse({ color: '#3366ff' }).success).toBe(true);
    expect(UpdateTeamBody.safeParse({ color: 'red' }).success).toBe(false);
  });

  it('let an empty invite role through to the domain, which answers the spec text', () => {
    expect(InviteMemberBody.safeParse({ teamId: 'a'.repeat(24), email: 'x@example.com', role: '' }).success).toBe(true);
    expect(ChangeMemberRoleBody.safeParse({ role: 'admin' }).success).toBe(false);
  });

  it('page notifications by 10 by default', () => {
    expect(ListNotificationsQuery.parse({})).toEqual({ skip: 0, limit: 10 });
  });
});
