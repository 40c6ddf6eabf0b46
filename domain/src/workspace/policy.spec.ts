import { MODEL_POLICY, modelAllows, modelRoleFor, TEAM_POLICY, teamAllows } from './policy';

describe('team policy (spec 000 §6, spec 001 §6)', () => {
  it('only the owner edits settings, deletes the team and manages members and projects', () => {
    for (const action of ['team.update', 'team.delete', 'member.invite', 'member.changeRole', 'member.remove', 'project.update', 'project.delete'] as const) {
      expect(TEAM_POLICY[action]).toEqual(['owner']);
    }
  });

  it('owner and editor create models, components and projects and open assets; a viewer reads only', () => {
    for (const action of ['model.create', 'component.create', 'project.create', 'assets.open'] as const) {
      expect(teamAllows('owner', action)).toBe(true);
      expect(teamAllows('editor', action)).toBe(true);
      expect(teamAllows('viewer', action)).toBe(false);
    }
    expect(teamAllows('viewer', 'team.read')).toBe(true);
  });

  it("every member reads the team's business records; owners and editors change them (ADR 0029)", () => {
    expect(['owner', 'editor', 'viewer'].map((role) => teamAllows(role as 'owner', 'business.read'))).toEqual([true, true, true]);
    expect(['owner', 'editor', 'viewer'].map((role) => teamAllows(role as 'owner', 'business.change'))).toEqual([true, true, false]);
  });

  it('a non-owner may leave; the owner may not (the owner row is fixed)', () => {
    expect(teamAllows('owner', 'member.leave')).toBe(false);
    expect(teamAllows('editor', 'member.leave')).toBe(true);
    expect(teamAllows('viewer', 'member.leave')).toBe(true);
  });

  it('no role (a stranger or a pending member) allows nothing', () => {
    for (const action of Object.keys(TEAM_POLICY) as (keyof typeof TEAM_POLICY)[]) {
      expect(teamAllows(null, action)).toBe(false);
      expect(teamAllows(undefined, action)).toBe(false);
    }
  });
});

describe('model policy', () => {
  it('no role allows nothing, not even reading', () => {
    for (const action of Object.keys(MODEL_POLICY) as (keyof typeof MODEL_POLICY)[]) expect(modelAllows(null, action)).toBe(false);
  });

  it('everyone who can see a model may read it, open the viewer and star it', () => {
    for (const role of ['owner', 'editor', 'viewer', 'configurator', 'inspector', 'commenter'] as const) {
      expect(modelAllows(role, 'model.read')).toBe(true);
      expect(modelAllows(role, 'model.open.viewer')).toBe(true);
      expect(modelAllows(role, 'model.favorite')).toBe(true);
    }
  });
});

describe('modelRoleFor: which role a caller has on a model', () => {
  it('the author owns it', () => {
    expect(modelRoleFor({ isAuthor: true })).toBe('owner');
  });

  it('a stranger has none, and a private Everyone link gives none', () => {
    expect(modelRoleFor({ isAuthor: false })).toBeNull();
    expect(modelRoleFor({ isAuthor: false, everyone: 'private' })).toBeNull();
  });

  it('a team role carries over to the team’s models', () => {
    expect(modelRoleFor({ isAuthor: false, teamRole: 'owner' })).toBe('owner');
    expect(modelRoleFor({ isAuthor: false, teamRole: 'editor' })).toBe('editor');
    expect(modelRoleFor({ isAuthor: false, teamRole: 'viewer' })).toBe('viewer');
  });

  it('a share or the Everyone link gives its role', () => {
    expect(modelRoleFor({ isAuthor: false, shareRole: 'inspector' })).toBe('inspector');
    expect(modelRoleFor({ isAuthor: false, everyone: 'configurator' })).toBe('configurator');
  });

  it('of several grants the one allowing the most wins', () => {
    expect(modelRoleFor({ isAuthor: false, teamRole: 'viewer', shareRole: 'editor' })).toBe('editor');
    expect(modelRoleFor({ isAuthor: false, shareRole: 'configurator', everyone: 'inspector' })).toBe('inspector');
    expect(modelRoleFor({ isAuthor: true, shareRole: 'viewer' })).toBe('owner');
  });
});
