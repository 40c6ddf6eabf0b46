import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FONT_MESSAGES, GoogleFontFile } from '@kiln/contracts';
import { DomainError, TEAM_MESSAGES, teamAllows } from '@kiln/domain';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { GOOGLE_CATALOGUE, GoogleCatalogue } from '../../ports/google-catalogue.port';
import { GoogleFontFilesOfQuery } from './google-font-files.query';

/**
 * The files the BFF is to fetch for chosen Google families: checks first that the caller may add fonts to
 * the scope (owner or editor in a team), then takes each URL from the shipped catalogue (never from the
 * request), one file per variant in the chosen language subset.
 */
@QueryHandler(GoogleFontFilesOfQuery)
export class GoogleFontFilesOfHandler implements IQueryHandler<GoogleFontFilesOfQuery, GoogleFontFile[]> {
  constructor(
    @Inject(GOOGLE_CATALOGUE) private readonly catalogue: GoogleCatalogue,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, params }: GoogleFontFilesOfQuery): Promise<GoogleFontFile[]> {
    const teamId = params.teamId ?? null;
    const projectId = params.projectId ?? null;
    if (teamId || projectId) {
      const role = teamId ? await this.teamRoles.roleOf(teamId, actorId) : null;
      const projectOk = !projectId || (teamId !== null && (await this.teamRoles.projectBelongsTo(projectId, teamId)));
      if (!teamAllows(role, 'font.create') || !projectOk) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    }
    return [...new Set(params.families)].flatMap((family) => {
      const files = this.catalogue.files(family, params.subset);
      if (!files) throw new DomainError('not-found', FONT_MESSAGES.unknownGoogleFont);
      if (files.length === 0) throw new DomainError('invalid', FONT_MESSAGES.unknownSubset, [{ path: 'subset', message: FONT_MESSAGES.unknownSubset }]);
      return files;
    });
  }
}
