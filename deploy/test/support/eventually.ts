/**
 * Retries an assertion until it holds or the time is up, then throws its last failure: for effects that
 * follow a commit asynchronously (projections, pushes, restarts). One helper for every medium test.
 */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
