import { DomainError, FontActor, FontAggregate } from '@kiln/domain';
import { Clock } from '@kiln/service-kit';
import { FONT_MESSAGES } from '@kiln/contracts';
import { TeamRoles } from '../../../teams/ports/team-roles.port';
import { FontRepository } from '../../ports/font.repository.port';
import { FontChange } from '../create-font/create-font.command';

/**
 * Runs one change on each font of a batch (hide, show, group, remove): each font is decided and saved on
 * its own, and one refused (not found, not its author, a system font, changed meanwhile) is reported with
 * its sentence while the others go on, so the web app can say '{n}/{m} font(s) successfully deleted'.
 */
export async function changeEach(
  deps: { fonts: FontRepository; teamRoles: TeamRoles; clock: Clock },
  actorId: string,
  fontIds: readonly string[],
  change: (font: FontAggregate, actor: FontActor, now: Date) => void,
): Promise<FontChange> {
  const result: FontChange = { fonts: [], failed: [], eventIds: [] };
  const found = new Map((await deps.fonts.findMany(fontIds)).map((font) => [font.snapshot().id, font]));
  const roles = new Map<string, Awaited<ReturnType<TeamRoles['roleOf']>>>();
  for (const id of new Set(fontIds)) {
    const font = found.get(id);
    try {
      if (!font) throw new DomainError('not-found', FONT_MESSAGES.notFound);
      const { teamId } = font.snapshot();
      if (teamId && !roles.has(teamId)) roles.set(teamId, await deps.teamRoles.roleOf(teamId, actorId));
      const actor: FontActor = { userId: actorId, teamRole: teamId ? roles.get(teamId) : null };
      const now = deps.clock.now();
      change(font, actor, now);
      const state = font.snapshot();
      result.eventIds.push(...(await deps.fonts.save(font, { actorId, occurredAt: now })));
      result.fonts.push(state);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      result.failed.push({ id, message: error.message });
    }
  }
  return result;
}
