import { COMMON_MESSAGES, ErrorBody } from '@kiln/contracts';
import { aRegistration, anIp } from './support/builders';
import { RpcError, startWorkspace, WorkspaceTestEnv } from './support/test-env';

/**
 * Sign-ups per client address (KILN_LIMIT_REGISTER_PER_ADDRESS), counted in Postgres by the kit's
 * limiter, from the address the BFF passes in the register rpc payload.
 */
const PER_ADDRESS = 3;

/** A window (about an hour) with more than half of it left, so it cannot end while the test counts. */
function aWindowWithTimeLeft(): { windowSeconds: number; secondsLeft: number } {
  const now = Math.floor(Date.now() / 1000);
  for (let windowSeconds = 3600; ; windowSeconds++) {
    const secondsLeft = windowSeconds - (now % windowSeconds);
    if (secondsLeft > windowSeconds / 2) return { windowSeconds, secondsLeft };
  }
}

describe('workspace service: limits (over NATS)', () => {
  let env: WorkspaceTestEnv;
  let register: (ip: string) => Promise<{ userId: string } | ErrorBody>;
  const window = aWindowWithTimeLeft();

  beforeAll(async () => {
    process.env.KILN_LIMIT_REGISTER_PER_ADDRESS = `${PER_ADDRESS}/${window.windowSeconds}s`;
    env = await startWorkspace();
    register = (ip) =>
      env.rpc.call('register', { body: aRegistration(), ip }).then(
        ({ user }) => ({ userId: user.id }),
        (error) => {
          if (error instanceof RpcError) return error.body;
          throw error;
        },
      );
  });
  afterAll(async () => {
    await env?.stop();
  });

  describe('sign-ups per address', () => {
    it('refuses the one past the limit with 429 and the wait until the window ends; another address still signs up', async () => {
      const ip = anIp();
      for (let i = 0; i < PER_ADDRESS; i++) await expect(register(ip)).resolves.toEqual({ userId: expect.any(String) });

      const refused = await register(ip);
      expect(refused).toEqual({ statusCode: 429, message: COMMON_MESSAGES.tooManyRequests, retryAfter: expect.any(Number) });
      expect((refused as ErrorBody).retryAfter).toBeLessThanOrEqual(window.secondsLeft + 1);
      expect((refused as ErrorBody).retryAfter).toBeGreaterThanOrEqual(window.secondsLeft - 30);
      await expect(register(anIp())).resolves.toEqual({ userId: expect.any(String) });
    });

    it('lets exactly the limit through when sign-ups from one address arrive in parallel', async () => {
      const ip = anIp();
      const answers = await Promise.all(Array.from({ length: 12 }, () => register(ip)));

      expect(answers.filter((a) => 'userId' in a)).toHaveLength(PER_ADDRESS);
      expect(answers.filter((a) => 'statusCode' in a && a.statusCode === 429)).toHaveLength(12 - PER_ADDRESS);
      const users = await env.db
        .withSchema('workspace')
        .selectFrom('users')
        .select('id')
        .where(
          'id',
          'in',
          answers.flatMap((a) => ('userId' in a ? [a.userId] : [])),
        )
        .execute();
      expect(users).toHaveLength(PER_ADDRESS);
    });
  });
});
