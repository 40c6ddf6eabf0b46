/** The time a service reads; one port for every service, so tests can move it (e.g. past a 30-day window). */
export const CLOCK = Symbol('Clock');

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
