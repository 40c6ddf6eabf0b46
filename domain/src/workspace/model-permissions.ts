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

/** The opening modes a card can open a model in, from the fullest to the least (spec 000 §2). */
export type ModelOpenMode = 'edit' | 'configurator' | 'viewer';

/**
 * Where opening a model (a click or Enter on its card) takes the caller: the fullest mode their role allows,
 * the editor, else the configurator, else the viewer, which every role may use (spec 000 §6; ADR 0045).
 */
export function modelOpenMode(role: ModelRole): ModelOpenMode {
  const rules = modelMenuRules(role);
  return rules.edit ? 'edit' : rules.configurator ? 'configurator' : 'viewer';
}
