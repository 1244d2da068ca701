/** Time comes in through this so tests can pin "now" (streaks, expiries, daily limits). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
