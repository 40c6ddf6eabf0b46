import { AUTH_MESSAGES, LoginBody, RegisterBody } from './auth';

const aRegistration = (overrides: Record<string, unknown> = {}) => ({
  email: 'ada@example.com',
  password: 'correct horse',
  fullName: 'Ada Lovelace',
  ...overrides,
});
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('RegisterBody', () => {
  it('normalises the e-mail and trims the name', () => {
    expect(RegisterBody.parse(aRegistration({ email: '  Ada@Example.COM ', fullName: '  Ada  ' }))).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
      fullName: 'Ada',
    });
  });

  it('says what is wrong', () => {
    expect(firstMessage(RegisterBody.safeParse(aRegistration({ email: 'not-an-email' })))).toBe(AUTH_MESSAGES.invalidEmail);
    expect(firstMessage(RegisterBody.safeParse(aRegistration({ password: 'short' })))).toBe(AUTH_MESSAGES.passwordTooShort);
    expect(firstMessage(RegisterBody.safeParse(aRegistration({ fullName: '   ' })))).toBe(AUTH_MESSAGES.fullNameRequired);
  });

  it('refuses unknown fields', () => {
    expect(RegisterBody.safeParse(aRegistration({ role: 'admin' })).success).toBe(false);
  });
});

describe('LoginBody', () => {
  it('normalises the e-mail and refuses unknown fields', () => {
    expect(LoginBody.parse({ email: 'ADA@example.com', password: 'x' }).email).toBe('ada@example.com');
    expect(LoginBody.safeParse({ email: 'ada@example.com', password: 'x', remember: true }).success).toBe(false);
  });
});
