import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { CatalogIcon, ComponentIcon, GlobeIcon, ImageIcon, PlugIcon, SearchIcon, StoreIcon, CubeIcon } from '../ui/icons';
import { areaOf, type PathArea } from './route-areas';
import { sectionOf } from './sections';

const ICONS: Partial<Record<PathArea['kind'], ReactNode>> = {
  component: <ComponentIcon />,
  assets: <ImageIcon />,
  plugin: <PlugIcon />,
  market: <StoreIcon />,
  account: <GlobeIcon />,
  workspace: <CubeIcon />,
  business: <CatalogIcon />,
};

/**
 * The screens of later issues (plugins, components, assets, business, market, account, workspace): a page naming
 * the area and saying it is not available yet, never a blank page. Any other address: not found.
 */
export function ComingSoonPage() {
  const { pathname } = useLocation();
  const area = areaOf(pathname);
  const known = area.kind !== 'unknown';
  // The deepest crumb names the place ('Fonts', 'Orders'); the section's icon when it has one.
  const title = known ? (area.crumbs[area.crumbs.length - 1]?.label ?? 'Workspace') : 'Page not found';
  const icon = sectionOf(pathname).section?.icon ?? ICONS[area.kind] ?? <SearchIcon />;
  const home = area.teamId ? `/${area.teamId}${area.projectId ? `/${area.projectId}` : ''}` : '/';
  return (
    <section className="coming-soon" data-testid={known ? 'coming-soon' : 'not-found'}>
      <div className="coming-soon-art" aria-hidden="true">
        {icon}
      </div>
      <h1>{title}</h1>
      <p>{known ? `${title} is not available yet. This part of Kiln is still being built.` : 'There is nothing at this address.'}</p>
      <Link className="btn btn-primary" to={home}>
        {area.teamId ? (area.projectId ? 'Back to the project' : 'Back to the team') : 'Back to My Models'}
      </Link>
    </section>
  );
}
