import { useCallback, useSyncExternalStore } from 'react';

/** Below this width the navigation is a drawer opened from the top bar (docs/adr/0012); styles.css uses the same number. */
export const DRAWER_QUERY = '(max-width: 720px)';
/** Between the drawer and 900 px the navigation is always the 80 px rail. */
export const RAIL_QUERY = '(max-width: 900px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
