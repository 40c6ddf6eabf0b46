import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, FontAggregate, TEAM_MESSAGES, teamAllows } from '@kiln/domain';
import { Clock, CLOCK, newId } from '@kiln/service-kit';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { FONT_FILES, FONT_REPOSITORY, FontFiles, FontRepository } from '../../ports/font.repository.port';
import { CreateFontCommand, FontChange } from './create-font.command';

@CommandHandler(CreateFontCommand)
export class CreateFontHandler implements ICommandHandler<CreateFontCommand, FontChange> {
  constructor(
    @Inject(FONT_REPOSITORY) private readonly fonts: FontRepository,
    @Inject(FONT_FILES) private readonly files: FontFiles,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, body }: CreateFontCommand): Promise<FontChange> {
    const teamId = body.teamId ?? null;
    const projectId = body.projectId ?? null;
    if (teamId || projectId) {
      // In a team: uploading needs owner or editor (spec 001 §6); the project, if any, is that team's.
      const role = teamId ? await this.teamRoles.roleOf(teamId, actorId) : null;
      const projectOk = !projectId || (teamId !== null && (await this.teamRoles.projectBelongsTo(projectId, teamId)));
      if (!teamAllows(role, 'font.create') || !projectOk) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    }
    // Family, style, weight and category come from the file (the assets service reads it), never from its name.
    const described = await this.files.describe(actorId, body.mediaId);
    const now = this.clock.now();
    const font = FontAggregate.create({
      id: newId(now),
      family: described.family,
      style: described.style,
      weight: described.weight,
      italic: described.italic,
      category: described.category,
      authorId: actorId,
      teamId,
      projectId,
      media: { ...described.media, origin: body.origin ?? 'upload' },
      now,
    });
    const state = font.snapshot();
    const eventIds = await this.fonts.save(font, { actorId, occurredAt: now });
    return { fonts: [state], failed: [], eventIds };
  }
}
