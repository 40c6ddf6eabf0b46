import { startBrowserStack } from './stack';

/** Jest globalSetup of the `browser` project: starts Kiln once for all browser specs. */
export default async function globalSetup(): Promise<void> {
  await startBrowserStack();
}
