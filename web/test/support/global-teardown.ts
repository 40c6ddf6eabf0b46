import { stopBrowserStack } from './stack';

/** Jest globalTeardown of the `browser` project: stops Kiln, drops its database and its NATS streams. */
export default async function globalTeardown(): Promise<void> {
  await stopBrowserStack();
}
