/** Model roles and the menu rules of spec 000 §6, used by the web menu and by the service. */
export type ModelRole = 'owner' | 'editor' | 'viewer' | 'configurator' | 'inspector' | 'commenter';

export interface ModelMenuRules {
  edit: boolean;
  safeMode: boolean;
  configurator: boolean;
  viewer: boolean;
  publish: boolean;
  share: boolean;
  delete: boolean;
  duplicate: boolean;
  rename: boolean;
}

export function modelMenuRules(role: ModelRole): ModelMenuRules {
  const owner = role === 'owner';
  return {
    edit: role !== 'viewer' && role !== 'configurator',
    safeMode: role !== 'viewer' && role !== 'configurator',
    configurator: role !== 'commenter' && role !== 'viewer',
    viewer: true,
    publish: owner,
    share: owner,
    delete: owner,
    duplicate: role !== 'viewer' && role !== 'inspector',
    rename: role !== 'viewer' && role !== 'inspector',
  };
}
