import { TEXTURE_COMMUNITY_TITLE } from '@kiln/contracts/constants';
import { TEXTURE_SCREEN_TEXTS } from '../textures/texture-texts';
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
  kind:
    | 'models'
    | 'favorites'
    | 'shared'
    | 'published'
    | 'members'
    | 'component'
    | 'assets'
    | 'plugin'
    | 'business'
    | 'profile'
    | 'workspace'
    | 'market'
    | 'account'
    | 'unknown';
  /** The crumbs of the area, after the team and project crumbs (those need names, see TopBar). */
  crumbs: Crumb[];
  /** The screen's row of SCREENS. */
  screen: ScreenId;
  /**
   * The list tools the screen acts on, shown in the top bar: none elsewhere (spec 000 §2 hides them on asset, plugin, members,
   * order/quote detail and store-fronts pages).
   */
  tools: readonly ListTool[];
  /** The screen exists in this build; the rest say "not available yet" (and the navigation marks them "soon"). */
  built: boolean;
}

/** The top bar's list tools: the search box, the sort menu and the view switch. */
export type ListTool = 'search' | 'sort' | 'view';
const ALL: readonly ListTool[] = ['search', 'sort', 'view'];
const SEARCH_SORT: readonly ListTool[] = ['search', 'sort'];
const NONE: readonly ListTool[] = [];
const VIEW: readonly ListTool[] = ['view'];

/**
 * Every screen of the workspace app, once: whether it is built (else its page says it is not available yet, and its
 * navigation entry says "soon") and which list tools act on it. A page that reads search, sort or the view mode
 * (useViewState) is listed with them here; a placeholder lists none. The routes of App.tsx render these screens.
 */
export const SCREENS = {
  modelList: { built: true, tools: ALL }, // My Models, Favorites, Shared with me, Published, team and project
  members: { built: true, tools: NONE },
  profile: { built: true, tools: NONE },
  plugin: { built: true, tools: NONE }, // list, new, edit, info, version (web/src/plugins)
  catalog: { built: true, tools: ALL },
  communityModels: { built: true, tools: NONE },
  catalogItem: { built: true, tools: NONE },
  inventory: { built: true, tools: SEARCH_SORT },
  services: { built: true, tools: SEARCH_SORT },
  storeFronts: { built: false, tools: NONE }, // spec 002 §2: only a message that store fronts are coming soon
  storeConnections: { built: true, tools: NONE }, // orders from outside stores (ADR 0060)
  orders: { built: true, tools: NONE },
  order: { built: true, tools: NONE },
  quotes: { built: true, tools: NONE },
  quote: { built: true, tools: NONE },
  component: { built: true, tools: ALL }, // My Components, team and project (web/src/components)
  assets: { built: true, tools: NONE }, // My Assets overview, team and project (web/src/assets)
  assetList: { built: true, tools: VIEW }, // the asset lists of ASSET_LISTS: search and sort hidden (spec 000 §2), the view kept
  fontList: { built: true, tools: VIEW }, // My Fonts, team and project (web/src/fonts): the view switch, no search or sort in the top bar
  fontFamily: { built: true, tools: NONE }, // a font family and a font style's glyph viewer (web/src/fonts)
  textureList: { built: true, tools: NONE }, // My Textures, team and project (web/src/textures): its own cards, no list tools (ADR 0062)
  textureScreen: { built: true, tools: NONE }, // the community textures browser, new and edit texture (web/src/textures)
  sceneList: { built: true, tools: VIEW }, // My Scenes, team and project (web/src/scenes): the view switch (ADR 0063)
  sceneEditor: { built: true, tools: NONE }, // new and edit scene (web/src/scenes)
  publishing: { built: true, tools: NONE }, // market/publish, market/republish, market/moderation (web/src/market)
  market: { built: false, tools: NONE },
  workspace: { built: false, tools: NONE },
  account: { built: false, tools: NONE },
  unknown: { built: false, tools: NONE },
} as const satisfies Record<string, { built: boolean; tools: readonly ListTool[] }>;
export type ScreenId = keyof typeof SCREENS;

/** The asset lists that are built (web/src/assets); the asset screens still to come are the 'unknown' screen (not built, no tools). */
const ASSET_LISTS = ['vector-graphics', 'image', 'objects3d'];

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
  } else if (second === 'community') crumbs.push({ label: TEXTURE_COMMUNITY_TITLE });
  else if (second === 'new') crumbs.push({ label: kind === 'scene' ? 'New scene' : TEXTURE_SCREEN_TEXTS.newTitle });
  else if (second === 'edit' && third) crumbs.push({ label: kind === 'scene' ? 'Edit scene' : TEXTURE_SCREEN_TEXTS.editTitle });
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

const BUSINESS_LISTS: Record<string, ScreenId> = {
  catalog: 'catalog',
  orders: 'orders',
  quotes: 'quotes',
  inventory: 'inventory',
  services: 'services',
  'store-fronts': 'storeFronts',
  'store-connections': 'storeConnections',
};
const BUSINESS_DETAILS: Record<string, ScreenId> = { catalog: 'catalogItem', orders: 'order', quotes: 'quote' };

function businessArea(rest: string[]): { crumbs: Crumb[]; screen: ScreenId } | undefined {
  const section = BUSINESS_SECTIONS.find((s) => s.path === `/business/${rest[1] ?? ''}`);
  if (!section) return undefined;
  const crumbs: Crumb[] = [{ label: 'Business dashboard' }, { label: section.label, to: section.path }];
  const detail = rest[2];
  if (!detail) return { crumbs, screen: BUSINESS_LISTS[rest[1]] };
  if (detail === 'community-models' && rest[1] === 'catalog') return { crumbs: [...crumbs, { label: 'Community models' }], screen: 'communityModels' };
  // Spec 002 §2: "Breadcrumb Orders, then the order id" (quotes alike).
  crumbs.push({ label: rest[1] === 'orders' || rest[1] === 'quotes' ? detail : rest[1] === 'catalog' ? 'Catalog item' : 'Details' });
  return { crumbs, screen: BUSINESS_DETAILS[rest[1]] ?? 'unknown' };
}

/**
 * The libraries with pages below their list: [the list, a page below it]. Fonts: the family and style pages
 * (ADR 0055); textures: community, new and edit (ADR 0062); scenes: new and edit (ADR 0063).
 */
const PAGED_LIBRARIES: Readonly<Record<string, readonly [ScreenId, ScreenId]>> = {
  font: ['fontList', 'fontFamily'],
  texture: ['textureList', 'textureScreen'],
  scene: ['sceneList', 'sceneEditor'],
};

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
  const area = (kind: PathArea['kind'], crumbs: Crumb[], screen: ScreenId): PathArea => ({ teamId, projectId, rest, kind, crumbs, screen, ...SCREENS[screen] });
  const unknown = area('unknown', [{ label: 'Not found' }], 'unknown');
  const [first] = rest;

  if (!first) return area('models', teamId ? [] : [{ label: 'My Models' }], 'modelList');
  if (first === 'component') return rest.length === 1 ? area('component', [{ label: teamId ? 'Components' : 'My Components' }], 'component') : unknown;
  if (first === 'assets') {
    const crumbs = [{ label: teamId ? 'Assets' : 'My Assets', to: `${base}/assets` }, ...assetCrumbs(`${base}/assets`, rest.slice(1))];
    const list = rest[1];
    return crumbs.some((c) => c.label === 'Not found')
      ? unknown
      : area('assets', crumbs, !list ? 'assets' : ASSET_LISTS.includes(list) ? 'assetList' : (PAGED_LIBRARIES[list]?.[rest[2] ? 1 : 0] ?? 'unknown'));
  }
  if (teamId) return !projectId && first === 'members' && rest.length === 1 ? area('members', [{ label: 'Members' }], 'members') : unknown;

  switch (first) {
    case 'favorites':
    case 'shared-models':
    case 'published': {
      const section = WORKSPACE_SECTIONS.find((s) => s.path === `/${first}`)!;
      const kind = first === 'shared-models' ? 'shared' : first;
      return rest.length === 1 ? area(kind, [{ label: section.label }], 'modelList') : unknown;
    }
    case 'plugin':
      return area('plugin', pluginCrumbs(rest), 'plugin');
    case 'business': {
      const business = businessArea(rest);
      return business ? area('business', business.crumbs, business.screen) : unknown;
    }
    case 'profile':
      return rest.length === 1 ? area('profile', [{ label: 'Profile' }], 'profile') : unknown;
    case 'workspace':
      return area('workspace', [{ label: 'Workspace' }], 'workspace');
    case 'market': {
      const sub = ({ portfolio: 'Portfolio', publish: 'Publish', republish: 'Republish', moderation: 'Moderation' } as Record<string, string>)[rest[1] ?? ''];
      // Publishing and moderation are built elsewhere (web/src/market); the market itself and portfolios are later issues.
      return area(
        'market',
        sub ? [{ label: 'Market', to: '/market' }, { label: sub }] : [{ label: 'Market' }],
        sub && sub !== 'Portfolio' ? 'publishing' : 'market',
      );
    }
    case 'account':
      return rest.length === 1 ? area('account', [{ label: 'Account' }], 'account') : unknown;
    default:
      return unknown;
  }
}

/** At most six levels of breadcrumbs (spec 000 §9): the first ones are kept, the deepest last one too. */
export const MAX_CRUMBS = 6;
export function limitCrumbs(crumbs: Crumb[]): Crumb[] {
  return crumbs.length <= MAX_CRUMBS ? crumbs : [...crumbs.slice(0, MAX_CRUMBS - 1), crumbs[crumbs.length - 1]];
}
