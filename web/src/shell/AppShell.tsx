import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useMe } from '../auth/session';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';
import { DRAWER_QUERY, RAIL_QUERY, useMediaQuery } from './use-media-query';
import { ViewStateProvider } from './view-state';

const NAV_KEY = 'navNarrow';

/** The first thing Tab reaches: jumps over the navigation and the top bar to the screen itself. */
function SkipLink() {
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
    >
      Skip to main content
    </a>
  );
}

/** The signed-in workspace: navigation on the left (a drawer on phones), top bar, and the current screen. */
export function AppShell() {
  const { data: user } = useMe();
  const { pathname } = useLocation();
  const [narrow, setNarrow] = useState(() => localStorage.getItem(NAV_KEY) === 'true');
  const drawerMode = useMediaQuery(DRAWER_QUERY);
  const railMode = useMediaQuery(RAIL_QUERY) && !drawerMode;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navButton = useRef<HTMLButtonElement>(null);
  const toggle = () =>
    setNarrow((value) => {
      localStorage.setItem(NAV_KEY, String(!value));
      return !value;
    });
  const closeDrawer = () => setDrawerOpen(false);
  const drawerShown = drawerMode && drawerOpen;

  // Choosing a place in the drawer closes it; so does growing past the drawer breakpoint. Adjusted while rendering
  // (react.dev "adjusting some state when a prop changes"), not in an effect: no extra render with the drawer still open.
  const [drawerPlace, setDrawerPlace] = useState({ pathname, drawerMode });
  if (drawerPlace.pathname !== pathname || drawerPlace.drawerMode !== drawerMode) {
    setDrawerPlace({ pathname, drawerMode });
    setDrawerOpen(false);
  }
  // However the drawer closed (Escape, backdrop, a link), focus goes back to the button that opened it.
  const wasShown = useRef(false);
  useEffect(() => {
    if (wasShown.current && !drawerShown && drawerMode) navButton.current?.focus();
    wasShown.current = drawerShown;
  }, [drawerShown, drawerMode]);

  if (!user) return null;
  return (
    <RealtimeProvider>
      <ViewStateProvider>
        {!drawerShown && <SkipLink />}
        <div className={`shell ${narrow ? 'shell--narrow' : ''}`}>
          <SideNav narrow={(narrow || railMode) && !drawerMode} onToggle={toggle} drawer={drawerMode} open={drawerShown} onClose={closeDrawer} />
          {drawerShown && <div className="drawer-backdrop" onMouseDown={closeDrawer} aria-hidden="true" />}
          {/* While the drawer is open the rest is inert: focus stays in the drawer. */}
          <div className="shell-main" inert={drawerShown}>
            <TopBar user={user} navButtonRef={navButton} navButton={drawerMode ? { expanded: drawerOpen, onOpen: () => setDrawerOpen(true) } : undefined} />
            <main id="main" className="content" tabIndex={-1}>
              <Outlet />
            </main>
          </div>
        </div>
      </ViewStateProvider>
    </RealtimeProvider>
  );
}
