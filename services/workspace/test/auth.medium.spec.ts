import { AuthAnswer, AUTH_MESSAGES } from '@kiln/contracts';
import { randomBytes } from 'node:crypto';
import { aRegistration, anIp, aUser } from './support/builders';
import { startWorkspace, WorkspaceTestEnv } from './support/test-env';

/**
 * The sign-in limits of this file (set before the service starts): the default per e-mail and client
 * address pair, a small one per address across e-mails (ADR 0042).
 */
const FAILURES_PER_PAIR = 10;
const FAILURES_PER_ADDRESS = 15;

describe('workspace service: sign-up, sign-in, sessions (over NATS)', () => {
  let env: WorkspaceTestEnv;
  beforeAll(async () => {
    process.env.KILN_LIMIT_LOGIN_FAILURES_PER_EMAIL_AND_ADDRESS = `${FAILURES_PER_PAIR}/15min`;
    process.env.KILN_LIMIT_LOGIN_FAILURES_PER_ADDRESS = `${FAILURES_PER_ADDRESS}/15min`;
    env = await startWorkspace();
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('answers health on its namespaced subject', async () => {
    await expect(env.rpc.raw('rpc.workspace.health', {})).resolves.toEqual(
      expect.objectContaining({ response: expect.objectContaining({ service: 'workspace', status: 'ok', database: true, nats: true }) }),
    );
  });

  describe('register', () => {
    it('answers the new user and a session token', async () => {
      const body = aRegistration({ email: '  Grace.Hopper@Example.COM ', fullName: '  Grace Hopper ' });
      const answer = await env.rpc.call('register', { body, ip: anIp() });

      expect(AuthAnswer.parse(answer)).toEqual(answer);
      expect(answer.user).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        fullName: 'Grace Hopper',
        email: 'grace.hopper@example.com',
        avatar: null,
        dataShort: { initials: 'GH', color: expect.stringMatching(/^#[0-9A-F]{6}$/) },
      });
      expect(answer.token.length).toBeGreaterThanOrEqual(32);
    });

    it('refuses a second account with the same e-mail, whatever its case, with 409', async () => {
      const first = aRegistration();
      await env.rpc.call('register', { body: first, ip: anIp() });

      const again = await env.rpc.fail('register', { body: aRegistration({ email: first.email.toUpperCase() }), ip: anIp() });
      expect(again).toEqual({ statusCode: 409, message: 'An account with this e-mail already exists.' });
    });

    it('refuses a body that breaks the contract with 400 and the contract message', async () => {
      const error = await env.rpc.fail('register', { body: aRegistration({ password: 'short' }), ip: anIp() });
      expect(error).toMatchObject({ statusCode: 400, message: AUTH_MESSAGES.passwordTooShort });
      expect(error.errors).toContainEqual({ path: 'body.password', message: AUTH_MESSAGES.passwordTooShort });
    });

    it('refuses a common password and one equal to the e-mail or the name with 400 and a sentence for people, creating no account', async () => {
      for (const [overrides, message] of [
        [{ password: '12345678' }, AUTH_MESSAGES.passwordTooCommon],
        [{ password: 'Password1' }, AUTH_MESSAGES.passwordTooCommon],
        [{ email: 'grace.hopper.kiln@example.com', password: 'grace.hopper.kiln@example.com' }, AUTH_MESSAGES.passwordIsPersonal],
        [{ fullName: 'Grace Brewster Hopper', password: 'Grace Brewster Hopper' }, AUTH_MESSAGES.passwordIsPersonal],
      ] as const) {
        const body = aRegistration(overrides);
        const error = await env.rpc.fail('register', { body, ip: anIp() });
        expect(error).toEqual({ statusCode: 400, message, errors: [{ path: 'password', message }] });
        const rows = await env.db.withSchema('workspace').selectFrom('users').select('id').where('email', '=', body.email).execute();
        expect(rows).toEqual([]);
      }
    });

    it('never stores the password in clear', async () => {
      const user = await aUser(env.rpc);
      const row = await env.db.withSchema('workspace').selectFrom('users').select('password_hash').where('id', '=', user.user.id).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(user.password);
    });
  });

  describe('login', () => {
    it('answers the user and a new token for the right password', async () => {
      const user = await aUser(env.rpc);
      const answer = await env.rpc.call('login', { body: { email: user.user.email, password: user.password }, ip: anIp() });
      expect(answer.user).toEqual(user.user);
      expect(answer.token).not.toBe(user.token);
    });

    it('refuses a wrong password and an unknown e-mail alike with 401', async () => {
      const user = await aUser(env.rpc);
      const wrong = await env.rpc.fail('login', { body: { email: user.user.email, password: 'not the password' }, ip: anIp() });
      const unknown = await env.rpc.fail('login', { body: { email: `nobody-${user.user.id}@example.com`, password: user.password }, ip: anIp() });
      expect(wrong).toEqual({ statusCode: 401, message: 'Wrong e-mail or password.' });
      expect(unknown).toEqual(wrong);
    });

    it('refuses the 11th attempt from one address within the window with 429, even with the right password', async () => {
      const user = await aUser(env.rpc);
      const ip = anIp();
      const attempt = (password: string) => env.rpc.fail('login', { body: { email: user.user.email, password }, ip });

      for (let i = 0; i < FAILURES_PER_PAIR; i++) {
        await expect(attempt(`wrong ${i}`)).resolves.toMatchObject({ statusCode: 401 });
      }
      await expect(attempt(user.password)).resolves.toEqual({
        statusCode: 429,
        message: 'Too many sign-in attempts. Try again in a few minutes.',
        retryAfter: expect.any(Number),
      });
    }, 60_000);

    it('does not lock the owner out: failures from one address leave the e-mail open from another', async () => {
      const user = await aUser(env.rpc);
      const attacker = anIp();
      for (let i = 0; i < FAILURES_PER_PAIR + 2; i++) {
        await env.rpc.fail('login', { body: { email: user.user.email, password: `wrong ${i}` }, ip: attacker });
      }
      await expect(env.rpc.fail('login', { body: { email: user.user.email, password: user.password }, ip: attacker })).resolves.toMatchObject({
        statusCode: 429,
      });
      // The owner, elsewhere: still signs in, and still has the whole allowance for a few typos.
      const owner = anIp();
      await expect(env.rpc.fail('login', { body: { email: user.user.email, password: 'typo' }, ip: owner })).resolves.toMatchObject({ statusCode: 401 });
      await expect(env.rpc.call('login', { body: { email: user.user.email, password: user.password }, ip: owner })).resolves.toMatchObject({ user: user.user });
      // Signing in there forgets nothing of the attacker's count.
      await expect(env.rpc.fail('login', { body: { email: user.user.email, password: user.password }, ip: attacker })).resolves.toMatchObject({
        statusCode: 429,
      });
    }, 60_000);

    it('evaluates at most 10 of 100 parallel wrong passwords for one account from one address; the right one then waits too, told how long', async () => {
      const user = await aUser(env.rpc);
      const ip = anIp();
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => env.rpc.fail('login', { body: { email: user.user.email, password: `wrong ${i}` }, ip })),
      );

      const evaluated = answers.filter((a) => a.statusCode !== 429);
      expect(evaluated.length).toBeLessThanOrEqual(FAILURES_PER_PAIR);
      expect(evaluated.every((a) => a.statusCode === 401)).toBe(true);
      expect(answers.filter((a) => a.statusCode === 429)[0]).toEqual({
        statusCode: 429,
        message: AUTH_MESSAGES.tooManyAttempts,
        retryAfter: expect.any(Number),
      });
      const right = await env.rpc.fail('login', { body: { email: user.user.email, password: user.password }, ip });
      expect(right).toEqual({ statusCode: 429, message: AUTH_MESSAGES.tooManyAttempts, retryAfter: expect.any(Number) });
      expect(right.retryAfter).toBeGreaterThan(0);
      expect(right.retryAfter).toBeLessThanOrEqual(15 * 60);
    }, 60_000);

    it('counts failures per e-mail and address: one locked account does not lock another, even from the same address', async () => {
      const locked = await aUser(env.rpc);
      const other = await aUser(env.rpc);
      const ip = anIp();
      for (let i = 0; i < FAILURES_PER_PAIR; i++) {
        await env.rpc.fail('login', { body: { email: locked.user.email, password: 'wrong' }, ip });
      }
      await expect(env.rpc.call('login', { body: { email: other.user.email, password: other.password }, ip })).resolves.toMatchObject({ user: other.user });
    }, 60_000);

    it('refuses an address that failed on too many accounts, and only that address', async () => {
      const ip = anIp();
      const target = await aUser(env.rpc);
      for (let i = 0; i < FAILURES_PER_ADDRESS; i++) {
        await env.rpc.fail('login', { body: { email: `nobody-${i}-${target.user.id}@example.com`, password: 'guess' }, ip });
      }
      await expect(env.rpc.fail('login', { body: { email: target.user.email, password: target.password }, ip })).resolves.toMatchObject({ statusCode: 429 });
      await expect(env.rpc.call('login', { body: { email: target.user.email, password: target.password }, ip: anIp() })).resolves.toMatchObject({
        user: target.user,
      });
    }, 60_000);

    it('counts the addresses of one IPv6 /64 as one address', async () => {
      const prefix = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
      const target = await aUser(env.rpc);
      for (let i = 0; i < FAILURES_PER_PAIR; i++) {
        await env.rpc.fail('login', { body: { email: target.user.email, password: 'guess' }, ip: `${prefix}::${(i + 1).toString(16)}` });
      }
      await expect(env.rpc.fail('login', { body: { email: target.user.email, password: target.password }, ip: `${prefix}:0:0:0:ffff` })).resolves.toMatchObject(
        { statusCode: 429 },
      );
    }, 60_000);

    it('forgets earlier failures after a successful sign-in', async () => {
      const user = await aUser(env.rpc);
      const ip = anIp();
      for (let i = 0; i < FAILURES_PER_PAIR - 1; i++) {
        await env.rpc.fail('login', { body: { email: user.user.email, password: 'wrong' }, ip });
      }
      await env.rpc.call('login', { body: { email: user.user.email, password: user.password }, ip });
      await expect(env.rpc.fail('login', { body: { email: user.user.email, password: 'wrong' }, ip })).resolves.toMatchObject({ statusCode: 401 });
      await expect(env.rpc.call('login', { body: { email: user.user.email, password: user.password }, ip })).resolves.toMatchObject({ user: user.user });
    }, 60_000);
  });

  describe('resolve-session and logout', () => {
    it('resolves the token of a sign-up and of a sign-in to the user', async () => {
      const user = await aUser(env.rpc);
      const login = await env.rpc.call('login', { body: { email: user.user.email, password: user.password }, ip: anIp() });

      await expect(env.rpc.call('resolveSession', { token: user.token })).resolves.toMatchObject({ user: user.user, expiresAt: expect.any(String) });
      await expect(env.rpc.call('resolveSession', { token: login.token })).resolves.toMatchObject({ user: user.user, expiresAt: expect.any(String) });
    });

    it('answers 401 for an unknown token', async () => {
      await expect(env.rpc.fail('resolveSession', { token: 'no-such-token' })).resolves.toEqual({ statusCode: 401, message: 'Please sign in.' });
    });

    it('ends only the session that logs out', async () => {
      const user = await aUser(env.rpc);
      const second = await env.rpc.call('login', { body: { email: user.user.email, password: user.password }, ip: anIp() });

      await expect(env.rpc.call('logout', { token: user.token })).resolves.toEqual({ ok: true });

      await expect(env.rpc.fail('resolveSession', { token: user.token })).resolves.toMatchObject({ statusCode: 401 });
      await expect(env.rpc.call('resolveSession', { token: second.token })).resolves.toMatchObject({ user: user.user, expiresAt: expect.any(String) });
    });
  });
});
