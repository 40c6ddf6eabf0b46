// The chunk of the team pages, loaded through team-routes.tsx.
export { MembersPage } from './MembersPage';
export { ProjectPage, TeamPage } from './TeamPage';
