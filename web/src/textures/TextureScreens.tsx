import { useParams } from 'react-router';
import { COMMUNITY_MESSAGES, TEXTURE_MESSAGES, TEXTURE_TEXTS } from '@kiln/contracts/constants';
import { teamAllows } from '@kiln/domain';
import { addKnownMessages } from '../api/messages';
import { useProjectOutlet, useTeamOutlet } from '../teams/TeamScope';
import { TEAM_TEXTS } from '../teams/team-texts';
import { CommunityTexturesPage } from './CommunityTexturesPage';
import { TextureEditorPage } from './TextureEditorPage';
import { TexturesPage } from './TexturesPage';
import type { TextureScope } from './textures-api';

// The textures' sentences are shown as the service writes them (the chunk adds them when it loads; docs/adr/0013).
addKnownMessages([...Object.values(TEXTURE_MESSAGES), ...Object.values(COMMUNITY_MESSAGES).flatMap((m): string[] => (typeof m === 'string' ? [m] : []))]);

/** The screens of one scope: its prefix, what it holds, and whether the caller may add to it. */
interface ScopeProps {
  scope: TextureScope;
  base: string;
  /** Personal: 'My Textures'; a team or project: 'Textures'. */
  title: string;
  /** Create a texture here (policy `communityItem.create`). */
  canCreate: boolean;
  /** Add and remove community textures here (policy `textureAssociation.change`). */
  canAssociate: boolean;
}

function usePersonal(): ScopeProps {
  return { scope: {}, base: '', title: 'My Textures', canCreate: true, canAssociate: true };
}
function useTeam(): ScopeProps {
  const { team } = useTeamOutlet();
  // Adding to a team's library: its owners and editors; viewers read (spec 001 §6).
  return {
    scope: { teamId: team.id },
    base: `/${team.id}`,
    title: 'Textures',
    canCreate: teamAllows(team.userRole, 'communityItem.create'),
    canAssociate: teamAllows(team.userRole, 'textureAssociation.change'),
  };
}
function useProject(): ScopeProps {
  const { team, project } = useProjectOutlet();
  return {
    scope: { teamId: team.id, projectId: project.id },
    base: `/${team.id}/${project.id}`,
    title: 'Textures',
    canCreate: teamAllows(team.userRole, 'communityItem.create'),
    canAssociate: teamAllows(team.userRole, 'textureAssociation.change'),
  };
}

type Screen = 'list' | 'community' | 'new' | 'edit';

function Screen({ screen, props }: { screen: Screen; props: ScopeProps }) {
  const { textureId } = useParams();
  const key = `${props.scope.teamId ?? ''}-${props.scope.projectId ?? ''}`;
  switch (screen) {
    case 'list':
      return (
        <TexturesPage
          key={key}
          scope={props.scope}
          base={props.base}
          title={props.title}
          canCreate={props.canCreate}
          canAssociate={props.canAssociate}
          noAddReason={TEAM_TEXTS.ownersAndEditorsOnly}
        />
      );
    case 'community':
      return (
        <CommunityTexturesPage
          key={key}
          scope={props.scope}
          base={props.base}
          title={TEXTURE_TEXTS.communitySection}
          canAdd={props.canAssociate}
          noAddReason={TEAM_TEXTS.ownersAndEditorsOnly}
        />
      );
    case 'new':
      return <TextureEditorPage key={key} scope={props.scope} base={props.base} canCreate={props.canCreate} />;
    case 'edit':
      return <TextureEditorPage key={`${key}-${textureId}`} scope={props.scope} base={props.base} textureId={textureId} canCreate={props.canCreate} />;
  }
}

export function MyTextureScreen({ screen }: { screen: Screen }) {
  return <Screen screen={screen} props={usePersonal()} />;
}
export function TeamTextureScreen({ screen }: { screen: Screen }) {
  return <Screen screen={screen} props={useTeam()} />;
}
export function ProjectTextureScreen({ screen }: { screen: Screen }) {
  return <Screen screen={screen} props={useProject()} />;
}
