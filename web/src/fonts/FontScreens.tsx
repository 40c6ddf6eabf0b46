import { FONT_MESSAGES, FONT_TEXTS } from '@kiln/contracts/constants';
import { teamAllows } from '@kiln/domain';
import { addKnownMessages } from '../api/messages';
import { useProjectOutlet, useTeamOutlet } from '../teams/TeamScope';
import { FontFamilyPage } from './FontFamilyPage';
import { FontsPage } from './FontsPage';

// The fonts' refusals are shown as they come; they join the known sentences when this chunk loads (docs/adr/0047).
addKnownMessages([...Object.values(FONT_MESSAGES), FONT_TEXTS.fetchFailed]);

/** /assets/font: the signed-in user's own fonts. */
export function MyFontsPage() {
  return <FontsPage scope={{}} base="" title="My Fonts" canUpload />;
}

/** /{teamId}/assets/font: owners and editors add; every member reads (spec 001 §6). */
export function TeamFontsPage() {
  const { team } = useTeamOutlet();
  return <FontsPage key={team.id} scope={{ teamId: team.id }} base={`/${team.id}`} title="Fonts" canUpload={teamAllows(team.userRole, 'font.create')} />;
}

/** /{teamId}/{projectId}/assets/font. */
export function ProjectFontsPage() {
  const { team, project } = useProjectOutlet();
  return (
    <FontsPage
      key={project.id}
      scope={{ teamId: team.id, projectId: project.id }}
      base={`/${team.id}/${project.id}`}
      title="Fonts"
      canUpload={teamAllows(team.userRole, 'font.create')}
    />
  );
}

export function MyFontFamilyPage() {
  return <FontFamilyPage scope={{}} base="" />;
}

export function TeamFontFamilyPage() {
  const { team } = useTeamOutlet();
  return <FontFamilyPage scope={{ teamId: team.id }} base={`/${team.id}`} />;
}

export function ProjectFontFamilyPage() {
  const { team, project } = useProjectOutlet();
  return <FontFamilyPage scope={{ teamId: team.id, projectId: project.id }} base={`/${team.id}/${project.id}`} />;
}
