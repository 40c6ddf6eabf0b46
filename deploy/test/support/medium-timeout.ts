/**
 * The medium tier's time limit for a test or a hook that sets none: 60 s instead of Jest's 30 s (`testTimeout` is a
 * global option; a project entry of the jest config cannot set its own). `npm test` runs the medium and browser
 * tiers at the same time (ADR 0070), and a service started in-process in `beforeAll` took over 30 s on a loaded
 * machine. A time limit is not an assertion: no check is weaker for it, and tests that set their own keep it.
 */
jest.setTimeout(60_000);
