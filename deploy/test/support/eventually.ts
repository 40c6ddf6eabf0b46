/**
 * Retries an assertion until it holds or the time is up, then throws its last failure: for effects that
 * follow a commit asynchronously (projections, pushes, restarts). One helper for every medium test.
 * The limit is generous (30 s) because it only matters when the effect never comes: a loaded 2-core machine
 * running the medium and browser tiers side by side (ADR 0070) can take seconds to make a preview. The pause
 * between tries grows from 25 ms to 250 ms, so a slow effect is not buried under the checks' own requests.
 */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 25; ; pause = Math.min(pause * 2, 250)) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
