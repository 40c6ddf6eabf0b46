import { Inject, Injectable } from '@nestjs/common';
import { DomainError, TEAM_MESSAGES, TeamAggregate, TeamState } from '@kiln/domain';
import { EventMeta } from '@kiln/service-kit';
import { Clock, CLOCK } from '@kiln/service-kit';
import { PgTeamRepository, Trx } from './adapters/pg-team.repository';

/** What a team command committed: the team's state after it, the events it wrote, and its own result. */
export interface TeamChange<T = void> {
  team: TeamState;
  eventIds: string[];
  result: T;
}

/**
 * The shape of every command on an existing team: one transaction that locks and loads the team, lets
 * the aggregate decide, then saves state and events together.
 */
@Injectable()
export class TeamChanges {
  constructor(
    readonly teams: PgTeamRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  run<T>(
    teamId: string | null,
    actorId: string,
    decide: (team: TeamAggregate, now: Date, trx: Trx) => T | Promise<T>,
    options: { before?: (trx: Trx) => Promise<void>; meta?: Partial<EventMeta> } = {},
  ): Promise<TeamChange<T>> {
    const now = this.clock.now();
    return this.teams.transaction(async (trx) => {
      await options.before?.(trx);
      const team = teamId ? await this.teams.load(trx, teamId) : null;
      if (!team) throw new DomainError('not-found', TEAM_MESSAGES.notFound);
      const result = await decide(team, now, trx);
      const eventIds = await this.teams.save(trx, team, { actorId, occurredAt: now, ...options.meta });
      return { team: team.snapshot(), eventIds, result };
    });
  }
}
