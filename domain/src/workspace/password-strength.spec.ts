import { AUTH_MESSAGES } from '@kiln/contracts/constants';
import { PASSWORD_RULE, passwordIsPersonal, passwordRefusal } from './password-strength';

const ada = { email: 'ada.lovelace@example.com', fullName: 'Ada Lovelace' };

describe('passwordRefusal (ADR 0042)', () => {
  it.each(['12345678', 'password', 'password1', 'qwertyuiop', 'iloveyou2', 'Summer2024!', '11111111', 'abcdefgh'])(
    'refuses the common or guessable %p',
    async (password) => {
      await expect(passwordRefusal(password, ada)).resolves.toBe(AUTH_MESSAGES.passwordTooCommon);
    },
  );

  it.each(['correct horse battery', 'kiln-test-password', 'blue kettle 42', 'Tr0ub4dor&3', 'moderator-secret-1'])(
    'accepts the harder to guess %p',
    async (password) => {
      await expect(passwordRefusal(password, ada)).resolves.toBeNull();
    },
  );

  it('refuses the e-mail, its local part or the name, whatever the case, spaces and punctuation', async () => {
    for (const password of ['ada.lovelace@example.com', 'ADA.LOVELACE@EXAMPLE.COM', 'ada.lovelace', 'adalovelace', 'Ada Lovelace', ' ada-lovelace ']) {
      expect(passwordIsPersonal(password, ada)).toBe(true);
      await expect(passwordRefusal(password, ada)).resolves.toBe(AUTH_MESSAGES.passwordIsPersonal);
    }
    expect(passwordIsPersonal('correct horse battery', ada)).toBe(false);
  });

  it('counts words of the person as easy to guess', async () => {
    // Strong for anyone else, weak for Ada: her own name with a year.
    const password = 'lovelace1815';
    await expect(passwordRefusal(password, ada)).resolves.toBe(AUTH_MESSAGES.passwordTooCommon);
  });

  it('judges at most the first checkedLength characters, so a long password answers quickly', async () => {
    const long = 'aB3$x9!Qz'.repeat(22).slice(0, 200);
    const started = performance.now();
    await expect(passwordRefusal(long, ada)).resolves.toBeNull();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(PASSWORD_RULE.checkedLength).toBe(64);
  });

  it('speaks to people', () => {
    expect(AUTH_MESSAGES.passwordTooCommon).toBe('This password is too common. Choose one that is harder to guess.');
    expect(AUTH_MESSAGES.passwordIsPersonal).toMatch(/^The password must not be your e-mail address or your name\.$/);
  });
});
