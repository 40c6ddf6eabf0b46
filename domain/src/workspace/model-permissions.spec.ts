import { ModelMenuRules, ModelRole, modelMenuRules, modelOpenMode } from './model-permissions';

type Row = [ModelRole, ModelMenuRules];

// The menu rules of spec 000 §6, written out role by role.
const table: Row[] = [
  ['owner', { edit: true, safeMode: true, configurator: true, viewer: true, publish: true, share: true, delete: true, duplicate: true, rename: true }],
  ['editor', { edit: true, safeMode: true, configurator: true, viewer: true, publish: false, share: false, delete: false, duplicate: true, rename: true }],
  ['viewer', { edit: false, safeMode: false, configurator: false, viewer: true, publish: false, share: false, delete: false, duplicate: false, rename: false }],
  [
    'configurator',
    { edit: false, safeMode: false, configurator: true, viewer: true, publish: false, share: false, delete: false, duplicate: true, rename: true },
  ],
  ['inspector', { edit: true, safeMode: true, configurator: true, viewer: true, publish: false, share: false, delete: false, duplicate: false, rename: false }],
  ['commenter', { edit: true, safeMode: true, configurator: false, viewer: true, publish: false, share: false, delete: false, duplicate: true, rename: true }],
];

describe('modelMenuRules (spec 000 §6)', () => {
  it.each(table)('%s', (role, expected) => {
    expect(modelMenuRules(role)).toEqual(expected);
  });

  const roles = table.map(([role]) => role);

  it('Edit and Safe Mode are disabled exactly for viewer and configurator', () => {
    expect(roles.filter((r) => !modelMenuRules(r).edit)).toEqual(['viewer', 'configurator']);
    expect(roles.filter((r) => !modelMenuRules(r).safeMode)).toEqual(['viewer', 'configurator']);
  });

  it('Configurator is disabled exactly for viewer and commenter', () => {
    expect(roles.filter((r) => !modelMenuRules(r).configurator)).toEqual(['viewer', 'commenter']);
  });

  it('Viewer open is always allowed', () => {
    expect(roles.every((r) => modelMenuRules(r).viewer)).toBe(true);
  });

  it('Publish, Share and Delete are for the owner only', () => {
    for (const action of ['publish', 'share', 'delete'] as const) {
      expect(roles.filter((r) => modelMenuRules(r)[action])).toEqual(['owner']);
    }
  });

  it('Duplicate and Rename are disabled exactly for viewer and inspector', () => {
    expect(roles.filter((r) => !modelMenuRules(r).duplicate)).toEqual(['viewer', 'inspector']);
    expect(roles.filter((r) => !modelMenuRules(r).rename)).toEqual(['viewer', 'inspector']);
  });
});

describe('modelOpenMode: where a card opens a model (ADR 0045)', () => {
  it('opens the fullest mode the role allows', () => {
    const roles: ModelRole[] = ['owner', 'editor', 'viewer', 'configurator', 'inspector', 'commenter'];
    expect(Object.fromEntries(roles.map((r) => [r, modelOpenMode(r)]))).toEqual({
      owner: 'edit',
      editor: 'edit',
      viewer: 'viewer',
      configurator: 'configurator',
      inspector: 'edit',
      commenter: 'edit',
    });
  });
});
