import { useLayoutEffect, useRef } from 'react';

/**
 * A ref that always holds the latest `value`, for listeners and observers set up once in an effect that must call
 * the newest callback. The ref is written after each commit (a layout effect runs before every `useEffect`), never
 * during render, so a render that React throws away leaves no trace.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
