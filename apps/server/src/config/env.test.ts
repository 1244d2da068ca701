import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('gives every setting a default', () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: 3000,
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      BODY_LIMIT_BYTES: 1024 * 1024,
    });
  });

  it('reads and converts what is set, treating empty strings as unset', () => {
    const env = parseEnv({
      PORT: '8080',
      TRUST_PROXY: 'true',
      DATABASE_URL: 'postgres://u@h/db',
      LOG_LEVEL: '',
      DATA_DIR: '/srv/parla',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      TRUST_PROXY: true,
      DATABASE_URL: 'postgres://u@h/db',
      LOG_LEVEL: 'info',
      DATA_DIR: '/srv/parla',
    });
    expect(Object.isFrozen(env)).toBe(true);
  });

  it('names every wrong variable at once', () => {
    let caught: unknown;
    try {
      parseEnv({ PORT: '70000', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const problems = (caught as EnvError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'TRUST_PROXY']) expect(problems).toContain(`${name}:`);
  });
});
