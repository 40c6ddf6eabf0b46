import { Inject, Injectable } from '@nestjs/common';
import { isListedModerator, readModerators } from '@kiln/service-kit';
import { Moderators } from '../ports/moderators.port';
import { WORKSPACE_MODELS, WorkspaceModels } from '../ports/workspace-models.port';

/** The one reading of `KILN_MODERATORS` lives in the kit (shared with the workspace's community moderation, ADR 0061). */
export { readModerators };

/**
 * Moderators from the configuration, checked against the caller the BFF authenticated (never a flag sent
 * by the browser). An e-mail is looked up with the workspace only when some moderator is listed by e-mail.
 */
@Injectable()
export class ConfiguredModerators implements Moderators {
  private readonly listed = readModerators();

  constructor(@Inject(WORKSPACE_MODELS) private readonly workspace: WorkspaceModels) {}

  isModerator(userId: string): Promise<boolean> {
    return isListedModerator(this.listed, userId, (id) => this.workspace.emailOf(id));
  }
}
