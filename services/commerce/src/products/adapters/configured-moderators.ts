import { Inject, Injectable } from '@nestjs/common';
import { Moderators } from '../ports/moderators.port';
import { WORKSPACE_MODELS, WorkspaceModels } from '../ports/workspace-models.port';

/** `KILN_MODERATORS=ada@example.com,0123456789abcdef01234567`: moderators by e-mail or user id. */
export function readModerators(env: NodeJS.ProcessEnv = process.env): { ids: Set<string>; emails: Set<string> } {
  const entries = (env.KILN_MODERATORS ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  return { ids: new Set(entries.filter((e) => !e.includes('@'))), emails: new Set(entries.filter((e) => e.includes('@'))) };
}

/**
 * Moderators from the configuration, checked against the caller the BFF authenticated (never a flag sent
 * by the browser). An e-mail is looked up with the workspace only when some moderator is listed by e-mail.
 */
@Injectable()
export class ConfiguredModerators implements Moderators {
  private readonly listed = readModerators();

  constructor(@Inject(WORKSPACE_MODELS) private readonly workspace: WorkspaceModels) {}

  async isModerator(userId: string): Promise<boolean> {
    if (this.listed.ids.has(userId.toLowerCase())) return true;
    if (this.listed.emails.size === 0) return false;
    const email = await this.workspace.emailOf(userId);
    return !!email && this.listed.emails.has(email.toLowerCase());
  }
}
