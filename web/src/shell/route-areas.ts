import { BUSINESS_SECTIONS, WORKSPACE_SECTIONS } from './sections';

/** Team and project ids in paths: 24 hexadecimal characters (contracts' Id). */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

export interface Crumb {
  label: string;
  to?: string;
}

/** Where a path is: its scope (personal, team, project), the area and the crumbs under the scope. */
export interface PathArea {
  teamId?: string;
  projectId?: string;
  /** The path after the team/project prefix, split in segments. */
  rest: string[];
  /** What the screen is, e.g. 'models', 'members', 'assets', 'plugin', 'business', 'profile'; 'unknown' when nothing. */
  kind: 'models' | 'favorites' | 'shared' | 'published' | 'members' | 'component' | 'assets' | 'plugin' | 'business' | 'profile' | 'workspace' | 'market' | 'account' | 'unknown';
  /** The crumbs of the area, after the team and project crumbs (those need names, see TopBar). */
  crumbs: Crumb[];
  /** Search, sort and the view switch are shown (spec 000 §2: hidden on asset, plugin, members, order/quote detail, store-fronts). */
  listTools: boolean;
  /** The screen exists in this build (the rest show "not available yet"). */
  built: boolean;
}

const ASSET_KINDS: Record<string, string> = {
  font: 'Fonts',
  'vector-graphics': 'Vector Graphics',
  image: 'Images',
  objects3d: 'Objects 3d',
  texture: 'Textures',
  scene: 'Scenes',
};

/** The crumbs of an asset path (`rest` starts after 'assets'), each linking to its level. */
function assetCrumbs(base: string, rest: string[]): Crumb[] {
  const [kind, second, third, fourth] = rest;
  if (!kind) return [];
  const kindLabel = ASSET_KINDS[kind];
  if (!kindLabel) return [{ label: 'Not found' }];
  const crumbs: Crumb[] = [{ label: kindLabel, to: `${base}/${kind}` }];
  if (kind === 'font' && second) {
    crumbs.push({ label: decodeURIComponent(second), to: `${base}/font/${second}` });
    if (third) crumbs.push({ label: decodeURIComponent(third) });
  } else if (second === 'community') crumbs.push({ label: 'Community textures' });
  else if (second === 'new') crumbs.push({ label: kind === 'scene' ? 'New scene' : 'New texture' });
  else if (second === 'edit' && third) crumbs.push({ label: kind === 'scene' ? 'Edit scene' : 'Edit texture' });
  else if (second || fourth) crumbs.push({ label: 'Not found' });
  return crumbs;
}

function pluginCrumbs(rest: string[]): Crumb[] {
  const crumbs: Crumb[] = [{ label: 'Plugins', to: '/plugin' }];
  const [, second, third] = rest;
  if (second === 'new') crumbs.push({ label: 'New Plugin' });
  else if (second === 'edit') crumbs.push({ label: 'Edit Plugin' });
  else if (second) {
    crumbs.push({ label: 'Plugin', to: `/plugin/${second}` });
    if (third === 'version') crumbs.push({ label: 'Version' });
  }
  return crumbs;
}

/** The business screens of this build (web/src/business); orders and quotes come with the next issue. */
const BUILT_BUSINESS = ['catalog', 'inventory', 'services', 'store-fronts'];

function businessArea(rest: string[]): Pick<PathArea, 'crumbs' | 'listTools' | 'built'> & { found: boolean } {
  const section = BUSINESS_SECTIONS.find((s) => s.path === `/business/${rest[1] ?? ''}`);
  if (!section) return { crumbs: [{ label: 'Business dashboard' }, { label: 'Not found' }], listTools: false, built: false, found: false };
  const crumbs: Crumb[] = [{ label: 'Business dashboard' }, { label: section.label, to: section.path }];
  const detail = rest[2];
  if (detail === 'community-models' && rest[1] === 'catalog') crumbs.push({ label: 'Community models' });
  else if (detail) crumbs.push({ label: { catalog: 'Catalog item', orders: 'Order', quotes: 'Quote' }[rest[1]] ?? 'Details' });
  const isDetail = Boolean(detail) && detail !== 'community-models';
  const listTools = rest[1] !== 'store-fronts' && !(isDetail && (rest[1] === 'orders' || rest[1] === 'quotes'));
  return { crumbs, listTools, built: BUILT_BUSINESS.includes(rest[1]), found: true };
}

/** Reads a path of the workspace app (spec 000 §2, spec 001 §2). Pure: the top bar and the placeholder page use it. */
export function areaOf(pathname: string): PathArea {
  const segments = pathname.split('/').filter(Boolean);
  let teamId: string | undefined;
  let projectId: string | undefined;
  if (segments[0] && ID_PATTERN.test(segments[0])) {
    teamId = segments[0];
    if (segments[1] && ID_PATTERN.test(segments[1])) projectId = segments[1];
  }
  const rest = segments.slice(projectId ? 2 : teamId ? 1 : 0);
  const base = `/${segments.slice(0, segments.length - rest.length).join('/')}`.replace(/\/$/, '');
  const area = (kind: PathArea['kind'], crumbs: Crumb[], listTools: boolean, built: boolean): PathArea => ({ teamId, projectId, rest, kind, crumbs, listTools, built });
  const unknown = area('unknown', [{ label: 'Not found' }], false, false);
  const [first] = rest;

  if (!first) return area('models', teamId ? [] : [{ label: 'My Models' }], true, true);
  if (first === 'component') return rest.length === 1 ? area('component', [{ label: teamId ? 'Components' : 'My Components' }], true, false) : unknown;
  if (first === 'assets') {
    const crumbs = [{ label: teamId ? 'Assets' : 'My Assets', to: `${base}/assets` }, ...assetCrumbs(`${base}/assets`, rest.slice(1))];
    return crumbs.some((c) => c.label === 'Not found') ? unknown : area('assets', crumbs, false, false);
  }
  if (teamId) return !projectId && first === 'members' && rest.length === 1 ? area('members', [{ label: 'Members' }], false, true) : unknown;

  switch (first) {
    case 'favorites':
    case 'shared-models':
    case 'published': {
      const section = WORKSPACE_SECTIONS.find((s) => s.path === `/${first}`)!;
      const kind = first === 'shared-models' ? 'shared' : first;
      return rest.length === 1 ? area(kind, [{ label: section.label }], true, true) : unknown;
    }
    case 'plugin':
      return area('plugin', pluginCrumbs(rest), false, false);
    case 'business': {
      const business = businessArea(rest);
      return business.found ? area('business', business.crumbs, business.listTools, business.built) : unknown;
    }
    case 'profile':
      return rest.length === 1 ? area('profile', [{ label: 'Profile' }], false, true) : unknown;
    case 'workspace':
      return area('workspace', [{ label: 'Workspace' }], false, false);
    case 'market': {
      const sub = ({ portfolio: 'Portfolio', publish: 'Publish', republish: 'Republish', moderation: 'Moderation' } as Record<string, string>)[rest[1] ?? ''];
      // Publishing and moderation are built elsewhere (web/src/market); the market itself and portfolios are later issues.
      return area('market', sub ? [{ label: 'Market', to: '/market' }, { label: sub }] : [{ label: 'Market' }], false, Boolean(sub && sub !== 'Portfolio'));
    }
    case 'account':
      return rest.length === 1 ? area('account', [{ label: 'Account' }], false, false) : unknown;
    default:
      return unknown;
  }
}

/** At most six levels of breadcrumbs (spec 000 §9): the first ones are kept, the deepest last one too. */
export const MAX_CRUMBS = 6;
export function limitCrumbs(crumbs: Crumb[]): Crumb[] {
  return crumbs.length <= MAX_CRUMBS ? crumbs : [...crumbs.slice(0, MAX_CRUMBS - 1), crumbs[crumbs.length - 1]];
}
