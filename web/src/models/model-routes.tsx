import { Fragment } from 'react';

/** Favorites, Shared with me, Published, and the editor/embed placeholders (spec 000 §2): routes inside the shell. */
export function modelRoutes() {
  return <Fragment />;
}
