import { Fragment } from 'react';

/** Team, project, members, profile and the areas of later issues (spec 000 §2): routes inside the shell. */
export function teamRoutes() {
  return <Fragment />;
}
