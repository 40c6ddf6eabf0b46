import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { messageOf } from '../api/client';
import { useMe } from './session';

/** Shows its children to a signed-in user; sends everyone else to /signin. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending)
    return (
      <div className="splash" aria-busy="true">
        Loading…
      </div>
    );
  if (me.isError) {
    return (
      <div className="splash" role="alert">
        <p>{messageOf(me.error)}</p>
        <button className="btn btn-primary" onClick={() => me.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!me.data) return <Navigate to="/signin" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}
