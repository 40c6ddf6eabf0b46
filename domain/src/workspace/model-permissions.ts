import { modelAllows } from './policy';

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

/** The model menu of spec 000 §6: each entry is enabled exactly when the policy table allows its action. */
export function modelMenuRules(role: ModelRole): ModelMenuRules {
  return {
    edit: modelAllows(role, 'model.open.edit'),
    safeMode: modelAllows(role, 'model.open.safeMode'),
    configurator: modelAllows(role, 'model.open.configurator'),
    viewer: modelAllows(role, 'model.open.viewer'),
    publish: modelAllows(role, 'model.publish'),
    share: modelAllows(role, 'model.share'),
    delete: modelAllows(role, 'model.delete'),
    duplicate: modelAllows(role, 'model.duplicate'),
    rename: modelAllows(role, 'model.rename'),
  };
}
