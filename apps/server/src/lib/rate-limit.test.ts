import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testClock, testEnv } from '../test/build-test-app';
import { createDatabaseRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limit';

function behavesLikeALimiter(name: string, make: () => { limiter: RateLimiter }) {
  describe(name, () => {
    it('allows the limit, then refuses and says for how long; reset starts over', async () => {
      const { limiter } = make();
      const key = `test:${crypto.randomUUID()}`;
      const limit = { limit: 3, windowSeconds: 60 };
      for (let i = 0; i < 3; i++) expect(await limiter.consume(key, limit)).toBe(0);
      const wait = await limiter.consume(key, limit);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      await limiter.reset(key);
      expect(await limiter.consume(key, limit)).toBe(0);
    });

    it('a refund gives one attempt back', async () => {
      const { limiter } = make();
      const key = `test:${crypto.randomUUID()}`;
      const limit = { limit: 2, windowSeconds: 60 };
      expect(await limiter.consume(key, limit)).toBe(0);
      expect(await limiter.consume(key, limit)).toBe(0);
      await limiter.refund(key);
      expect(await limiter.consume(key, limit)).toBe(0);
      expect(await limiter.consume(key, limit)).toBeGreaterThan(0);
    });

    it('lets exactly the limit through when 50 attempts arrive at once', async () => {
      const { limiter } = make();
      const key = `test:${crypto.randomUUID()}`;
      const answers = await Promise.all(Array.from({ length: 50 }, () => limiter.consume(key, { limit: 7, windowSeconds: 60 })));
      expect(answers.filter((wait) => wait === 0)).toHaveLength(7);
    });
  });
}

describe('the database store', () => {
  let ctx: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    ctx = await buildTestApp({ clock });
  });
  afterAll(() => ctx.close());

  behavesLikeALimiter('database', () => ({ limiter: createDatabaseRateLimiter(ctx.database.handle.db, clock) }));

  it('opens a new window once the old one has passed', async () => {
    const limiter = createDatabaseRateLimiter(ctx.database.handle.db, clock);
    const limit = { limit: 2, windowSeconds: 60 };
    for (let i = 0; i < 2; i++) expect(await limiter.consume('window', limit)).toBe(0);
    expect(await limiter.consume('window', limit)).toBeGreaterThan(0);
    clock.set(new Date(clock.now().getTime() + 61_000).toISOString());
    expect(await limiter.consume('window', limit)).toBe(0);
    expect(await limiter.consume('window', limit)).toBe(0);
    expect(await limiter.consume('window', limit)).toBeGreaterThan(0);
  });
});

// The machine's Redis (CI sets TEST_REDIS_URL when one answers).
const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('the Redis store', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(String(redisUrl));
  });
  afterAll(async () => {
    await redis.quit();
  });

  behavesLikeALimiter('redis', () => ({ limiter: createRedisRateLimiter(redis, `parla-test:${process.pid}:`) }));

  it('is what the app uses when REDIS_URL is set, so replicas share one limit', async () => {
    const replicas = await Promise.all([1, 2].map(() => buildTestApp({ env: testEnv({ REDIS_URL: String(redisUrl) }) })));
    try {
      const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      for (let i = 0; i < 5; i++) {
        const replica = replicas[i % 2];
        await replica?.app.inject({
          method: 'POST',
          url: '/api/v1/contact',
          payload: { name: 'N', email: 'n@example.com', message: 'hi' },
          remoteAddress: ip,
        });
      }
      const sixth = await replicas[1]?.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        payload: { name: 'N', email: 'n@example.com', message: 'hi' },
        remoteAddress: ip,
      });
      expect(sixth?.statusCode).toBe(429);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
    }
  });
});
