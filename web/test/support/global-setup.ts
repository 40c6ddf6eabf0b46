import { randomBytes } from 'node:crypto';
import { startBrowserStack } from './stack';

/** Jest globalSetup of the `browser` project: starts Kiln once for all browser specs. */
export default async function globalSetup(): Promise<void> {
  // The stack's RPC key (ADR 0040), in the environment so the test workers share it with the stack.
  process.env.KILN_RPC_KEY ||= randomBytes(32).toString('hex');
  // The webhooks test's receiver listens on 127.0.0.2 (ADR 0067): the one host the stack may post to despite the
  // private-address rule.
  process.env.KILN_WEBHOOK_ALLOW_HOSTS ||= '127.0.0.2';
  await startBrowserStack();
}
