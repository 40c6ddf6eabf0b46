import { useState } from 'react';
import { Outlet } from 'react-router';
import { useMe } from '../auth/session';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';
import { ViewStateProvider } from './view-state';

const NAV_KEY = 'navNarrow';

/** The signed-in workspace: navigation on the left, top bar, and the current screen. */
export function AppShell() {
  const { data: user } = useMe();
  const [narrow, setNarrow] = useState(() => localStorage.getItem(NAV_KEY) === 'true');
  const toggle = () =>
    setNarrow((value) => {
      localStorage.setItem(NAV_KEY, String(!value));
      return !value;
    });
  if (!user) return null;
  return (
    <RealtimeProvider>
      <ViewStateProvider>
        <div className={`shell ${narrow ? 'shell--narrow' : ''}`}>
          <SideNav narrow={narrow} onToggle={toggle} />
          <div className="shell-main">
            <TopBar user={user} />
            <main className="content">
              <Outlet />
            </main>
          </div>
        </div>
      </ViewStateProvider>
    </RealtimeProvider>
  );
}
