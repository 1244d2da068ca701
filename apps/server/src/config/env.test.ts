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
      DATABASE_CONNECT_TIMEOUT_MS: 3_000,
      DATABASE_STATEMENT_TIMEOUT_MS: 4_000,
      DATABASE_QUERY_TIMEOUT_MS: 5_000,
      DATABASE_MIGRATION_TIMEOUT_MS: 600_000,
      SHUTDOWN_TIMEOUT_MS: 10_000,
      SHUTDOWN_DRAIN_MS: 1_000,
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

  it('refuses database and shutdown limits that cannot work together', () => {
    const problems = (source: Record<string, string>) => {
      try {
        parseEnv(source);
        return '';
      } catch (error) {
        return (error as EnvError).problems.join('\n');
      }
    };
    // Giving up on the client side first would throw away connections the database was about to free.
    expect(problems({ DATABASE_STATEMENT_TIMEOUT_MS: '5000', DATABASE_QUERY_TIMEOUT_MS: '5000' })).toMatch(
      /DATABASE_QUERY_TIMEOUT_MS: must be longer than DATABASE_STATEMENT_TIMEOUT_MS/,
    );
    expect(problems({ DATABASE_STATEMENT_TIMEOUT_MS: '0', DATABASE_QUERY_TIMEOUT_MS: '1000' })).toBe('');
    expect(problems({ SHUTDOWN_DRAIN_MS: '10000' })).toMatch(/SHUTDOWN_DRAIN_MS: must be shorter than SHUTDOWN_TIMEOUT_MS/);
    expect(problems({ SHUTDOWN_DRAIN_MS: '0', SHUTDOWN_TIMEOUT_MS: '3000' })).toBe('');
  });
});
