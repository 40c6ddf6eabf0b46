import { SignInPage } from './SignInPage';
import { SignUpPage } from './SignUpPage';

/** The chunk of the signed-out pages (see lazy-pages.tsx). */
export function AuthPage({ which }: { which: 'signin' | 'signup' }) {
  return which === 'signin' ? <SignInPage /> : <SignUpPage />;
}
