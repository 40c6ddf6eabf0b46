import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, CLOCK } from '@kiln/service-kit';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { FONT_REPOSITORY, FontRepository } from '../../ports/font.repository.port';
import { FontChange } from '../create-font/create-font.command';
import { changeEach } from '../delete-fonts/change-each';
import { HideFontsCommand } from './hide-fonts.command';

/** Only a font's author may do this, never to a system font (spec 001 §4, §6); each font answers for itself. */
@CommandHandler(HideFontsCommand)
export class HideFontsHandler implements ICommandHandler<HideFontsCommand, FontChange> {
  constructor(
    @Inject(FONT_REPOSITORY) private readonly fonts: FontRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  execute({ actorId, body }: HideFontsCommand): Promise<FontChange> {
    return changeEach({ fonts: this.fonts, teamRoles: this.teamRoles, clock: this.clock }, actorId, body.fontIds, (font, actor, now) =>
      font.setHidden(body.hidden, actor, now),
    );
  }
}
