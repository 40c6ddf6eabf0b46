import { lazyPart } from '../ui/lazy';

/**
 * The sign-in and sign-up forms (with react-hook-form) are one chunk of their own: a signed-in visit to `/`
 * never needs them (docs/adr/0013). One lazy component for both, so going from one to the other never waits.
 */
export const AuthPage = lazyPart(() => import('./AuthPages').then((m) => m.AuthPage));
