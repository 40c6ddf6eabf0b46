import { z } from 'zod';
import { ComponentSnapshot } from '../workspace/component';
import { envelope } from './envelope';

/** Component facts (spec 001 §3; ADR 0051): each carries the component's state after the change, ids and times only. */
export const ComponentCreatedV1 = envelope('workspace.component.created.v1', z.object({ component: ComponentSnapshot }));
export const ComponentRenamedV1 = envelope('workspace.component.renamed.v1', z.object({ component: ComponentSnapshot, previousName: z.string() }));
export const ComponentDescriptionChangedV1 = envelope('workspace.component.description-changed.v1', z.object({ component: ComponentSnapshot }));
export const ComponentDeletedV1 = envelope('workspace.component.deleted.v1', z.object({ component: ComponentSnapshot }));

export const ComponentEvents = {
  'workspace.component.created.v1': ComponentCreatedV1,
  'workspace.component.renamed.v1': ComponentRenamedV1,
  'workspace.component.description-changed.v1': ComponentDescriptionChangedV1,
  'workspace.component.deleted.v1': ComponentDeletedV1,
} as const;

export const COMPONENT_EVENT_DESCRIPTIONS: Record<keyof typeof ComponentEvents, string> = {
  'workspace.component.created.v1': 'A user created a component (personal, team or project scope).',
  'workspace.component.renamed.v1': 'A component got a new name.',
  'workspace.component.description-changed.v1': 'A component got a new description.',
  'workspace.component.deleted.v1': 'A component no model used was deleted; `data.component` is its last state.',
};
