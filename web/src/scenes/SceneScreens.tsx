import { COMMUNITY_MESSAGES, ENVIRONMENT_MAP_MESSAGES } from '@kiln/contracts/constants';
import { teamAllows } from '@kiln/domain';
import { addKnownMessages } from '../api/messages';
import { useMe } from '../auth/session';
import { useProjectOutlet, useTeamOutlet } from '../teams/TeamScope';
import { TEAM_TEXTS } from '../teams/team-texts';
import { SceneEditorPage } from './SceneEditorPage';
import { SceneListPage } from './SceneListPage';

// The scenes' sentences are shown as the service writes them (the chunk adds them when it loads; docs/adr/0013).
addKnownMessages([
  ...Object.values(ENVIRONMENT_MAP_MESSAGES),
  ...Object.values(COMMUNITY_MESSAGES).flatMap((m): string[] => (typeof m === 'string' ? [m] : [])),
]);

/** The scene screens in the three scopes (spec 001 §2; ADR 0063): one chunk, routed by scene-routes. */

export function MySceneListPage() {
  const { data: me } = useMe();
  return <SceneListPage scope={{}} base="" canCreate userId={me?.id ?? ''} />;
}

export function TeamSceneListPage() {
  const { team } = useTeamOutlet();
  const { data: me } = useMe();
  return (
    <SceneListPage
      key={team.id}
      scope={{ teamId: team.id }}
      base={`/${team.id}`}
      canCreate={teamAllows(team.userRole, 'communityItem.create')}
      createReason={TEAM_TEXTS.ownersAndEditorsOnly}
      userId={me?.id ?? ''}
    />
  );
}

export function ProjectSceneListPage() {
  const { team, project } = useProjectOutlet();
  const { data: me } = useMe();
  return (
    <SceneListPage
      key={project.id}
      scope={{ teamId: team.id, projectId: project.id }}
      base={`/${team.id}/${project.id}`}
      canCreate={teamAllows(team.userRole, 'communityItem.create')}
      createReason={TEAM_TEXTS.ownersAndEditorsOnly}
      userId={me?.id ?? ''}
    />
  );
}

export function MySceneEditorPage() {
  return <SceneEditorPage scope={{}} base="" />;
}

export function TeamSceneEditorPage() {
  const { team } = useTeamOutlet();
  return <SceneEditorPage key={team.id} scope={{ teamId: team.id }} base={`/${team.id}`} />;
}

export function ProjectSceneEditorPage() {
  const { team, project } = useProjectOutlet();
  return <SceneEditorPage key={project.id} scope={{ teamId: team.id, projectId: project.id }} base={`/${team.id}/${project.id}`} />;
}
