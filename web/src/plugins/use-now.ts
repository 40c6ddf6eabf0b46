import { useEffect, useState } from 'react';

/**
 * The time the toolbar rules read (versionToolbar takes the clock as an argument): the browser's clock, read again
 * every 30 s so a closing 24 h window disables Unpublish without a reload. Tests move the browser's clock.
 */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
