import { lazy, type ComponentType } from 'react';

/**
 * Parts the first load of `/` does not need (the sign-in and sign-up forms, the model dialogs) live in their own
 * chunks (docs/adr/0013). `lazyPart` is React.lazy plus `preload()`, to start fetching a chunk as soon as the
 * next step is likely (a pointer over the button that opens it, or focus on it), so it is there on the click.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Part = lazy(async () => ({ default: await load() }));
  const preload = () => {
    // A failed preload is not an error yet: rendering the part tries again and shows the failure.
    load().catch(() => undefined);
  };
  return Object.assign(Part, { preload });
}

/** Props that preload a lazy part when a pointer comes over the element or it takes focus. */
export const preloadOn = (preload: () => void) => ({ onPointerEnter: preload, onFocus: preload });
