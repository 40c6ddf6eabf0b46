export * from './ports/business-access.port';
export * from './adapters/pg-business-access';
export * from './projections/follow-teams-on-team-events';
