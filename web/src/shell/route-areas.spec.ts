import { areaOf, limitCrumbs } from './route-areas';

const T = 'a'.repeat(24);
const P = 'b'.repeat(24);
const labels = (pathname: string) => areaOf(pathname).crumbs.map((c) => c.label);

// Every route of spec 000 §2 and spec 001 §2 has a place; the list tools follow spec 000 §2.
describe('areaOf', () => {
  it('reads the personal model lists, with the list tools', () => {
    for (const [path, kind] of [
      ['/', 'models'],
      ['/favorites', 'favorites'],
      ['/shared-models', 'shared'],
      ['/published', 'published'],
    ] as const) {
      expect({ path, kind: areaOf(path).kind, tools: areaOf(path).tools }).toEqual({ path, kind, tools: ['search', 'sort', 'view'] });
    }
  });

  it('puts My Assets first on asset pages and hides the list tools there', () => {
    expect(labels('/assets')).toEqual(['My Assets']);
    expect(labels('/assets/font/roboto/bold')).toEqual(['My Assets', 'Fonts', 'roboto', 'bold']);
    expect(labels('/assets/texture/edit/123')).toEqual(['My Assets', 'Textures', 'Edit texture']);
    expect(labels('/assets/scene/new')).toEqual(['My Assets', 'Scenes', 'New scene']);
    expect(labels('/assets/texture/community')).toEqual(['My Assets', 'Textures', 'Community textures']);
    // Search and sort are hidden on asset pages (spec 000 §2); the lists keep the view switch (spec 001 §2).
    expect(areaOf('/assets/image').tools).toEqual(['view']);
    expect(areaOf('/assets/vector-graphics').tools).toEqual(['view']);
    expect(areaOf(`/${'a'.repeat(24)}/assets/objects3d`).tools).toEqual(['view']);
    expect(areaOf('/assets').tools).toEqual([]);
    expect(areaOf('/assets/texture').tools).toEqual([]);
    expect(areaOf('/assets/image/extra').kind).toBe('unknown');
    expect(areaOf('/assets/nonsense').kind).toBe('unknown');
  });

  it('reads team and project scope, members and their asset and component pages', () => {
    expect(areaOf(`/${T}`)).toMatchObject({ teamId: T, kind: 'models', tools: ['search', 'sort', 'view'], crumbs: [] });
    expect(areaOf(`/${T}/members`)).toMatchObject({ teamId: T, kind: 'members', tools: [] });
    expect(areaOf(`/${T}/${P}`)).toMatchObject({ teamId: T, projectId: P, kind: 'models', tools: ['search', 'sort', 'view'] });
    expect(areaOf(`/${T}/${P}/assets/font/inter`)).toMatchObject({ teamId: T, projectId: P, kind: 'assets', tools: [] });
    expect(labels(`/${T}/${P}/assets/font/inter/italic`)).toEqual(['Assets', 'Fonts', 'inter', 'italic']);
    expect(areaOf(`/${T}/${P}/assets/font`).crumbs[1].to).toBe(`/${T}/${P}/assets/font`);
    expect(areaOf(`/${T}/component`)).toMatchObject({ kind: 'component', tools: ['search', 'sort', 'view'], built: true });
    expect(areaOf(`/${T}/${P}/members`).kind).toBe('unknown');
  });

  it('shows the list tools only where they act: none on plugin, placeholder, detail and store-front pages', () => {
    const tools = (path: string) => areaOf(path).tools;
    expect(tools('/plugin')).toEqual([]);
    expect(tools('/plugin/abc/version')).toEqual([]);
    expect(labels('/plugin/new')).toEqual(['Plugins', 'New Plugin']);
    expect(tools('/business/catalog')).toEqual(['search', 'sort', 'view']);
    expect(tools('/business/catalog/abc')).toEqual([]);
    expect(tools('/business/catalog/community-models')).toEqual([]);
    expect(tools('/business/inventory')).toEqual(['search', 'sort']);
    expect(tools('/business/services')).toEqual(['search', 'sort']);
    expect(tools('/business/orders')).toEqual([]);
    expect(tools('/business/orders/42')).toEqual([]);
    expect(tools('/business/quotes/42')).toEqual([]);
    expect(tools('/business/store-fronts')).toEqual([]);
    expect(labels('/business/inventory')).toEqual(['Business dashboard', 'Inventory']);
    expect(areaOf('/business/nowhere').kind).toBe('unknown');
  });

  it('knows which screens are built: the navigation marks the others "soon"', () => {
    const built = (path: string) => areaOf(path).built;
    expect(
      ['/plugin', '/plugin/new', '/business/catalog', '/business/inventory', '/business/services', '/profile', '/market/moderation', '/component'].filter(
        (p) => !built(p),
      ),
    ).toEqual([]);
    expect(
      ['/assets', '/assets/image', '/assets/vector-graphics', '/assets/objects3d', `/${T}/assets`, `/${T}/${P}/assets/image`].filter((p) => !built(p)),
    ).toEqual([]);
    // Fonts (ADR 0055): the list keeps the view switch; the family and style pages have no list tools.
    expect([`/assets/font`, `/${T}/assets/font/inter`, `/${T}/${P}/assets/font/inter/bold`].filter((p) => !built(p))).toEqual([]);
    expect(areaOf('/assets/font').tools).toEqual(['view']);
    expect(areaOf('/assets/font/inter/bold').tools).toEqual([]);
    // Textures (ADR 0062): the list and its screens, no list tools.
    expect(['/assets/texture', '/assets/texture/community', `/${T}/assets/texture/new`, `/${T}/${P}/assets/texture/edit/x`].filter((p) => !built(p))).toEqual(
      [],
    );
    expect(areaOf('/assets/texture').tools).toEqual([]);
    expect(['/business/store-fronts', '/market', '/account'].filter(built)).toEqual([]);
    // Orders and quotes (ADR 0058): built; the detail's crumb is the id (spec 002 §2).
    expect(['/business/orders', '/business/orders/o1', '/business/quotes', '/business/quotes/q1'].filter((p) => !built(p))).toEqual([]);
    expect(areaOf('/business/orders/o1').crumbs.map((c) => c.label)).toEqual(['Business dashboard', 'Orders', 'o1']);
  });

  it('names the other areas and knows nothing of other addresses', () => {
    expect(areaOf('/profile')).toMatchObject({ kind: 'profile', built: true, tools: [] });
    expect(areaOf('/market/portfolio/x').crumbs.map((c) => c.label)).toEqual(['Market', 'Portfolio']);
    expect(areaOf('/market/publish/x').crumbs.map((c) => c.label)).toEqual(['Market', 'Publish']);
    expect(areaOf('/account').kind).toBe('account');
    expect(areaOf('/not-a-team').kind).toBe('unknown');
  });
});

describe('limitCrumbs', () => {
  it('keeps at most six levels, the first ones and the last', () => {
    const crumbs = Array.from({ length: 8 }, (_, i) => ({ label: `L${i}` }));
    expect(limitCrumbs(crumbs).map((c) => c.label)).toEqual(['L0', 'L1', 'L2', 'L3', 'L4', 'L7']);
    expect(limitCrumbs(crumbs.slice(0, 6))).toHaveLength(6);
  });
});
