export const WORKSPACE_MODELS = Symbol('WorkspaceModels');

/** What the commerce service asks the workspace (over NATS), on behalf of the caller. */
export interface WorkspaceModels {
  /** Whether the caller may publish the model (policy 'model.publish'); 'not-found' when they cannot see it. */
  publishRight(actorId: string, modelId: string): Promise<'allowed' | 'forbidden' | 'not-found'>;
  /** The caller's e-mail (moderators may be listed by e-mail). */
  emailOf(actorId: string): Promise<string | null>;
}
