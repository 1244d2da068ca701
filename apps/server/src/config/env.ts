import { z } from 'zod';

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Every setting the server reads. Listed with defaults in .env.example; nothing else in the
 * server reads process.env.
 */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  /** Opening a PostgreSQL connection, and waiting for a free one when the pool is busy. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  /** PostgreSQL cancels a statement running longer; 0 leaves it to the database's own setting. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(4_000),
  /** The server stops waiting for an answer from PostgreSQL (a silent link) and answers 503. */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Each migration statement at start-up (and the wait for another replica's); 0: no limit. */
  DATABASE_MIGRATION_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFromString.default(false),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** On SIGTERM, new requests are answered 503 for this long before the server stops listening. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Public address of the app, used in links sent by e-mail; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Signs access tokens. Without it a random one is created once and kept in DATA_DIR. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  /** How often each replica reads sessions ended on other replicas (their access tokens stop then). */
  SESSION_REVOCATION_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /** How often each replica looks for streak-at-risk reminders that are due (one replica scans at a time). */
  REMINDERS_INTERVAL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /** Sends no reminders from this process (e.g. a replica that should only serve requests). */
  REMINDERS_DISABLED: booleanFromString.default(false),
  REFRESH_IDLE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .default(14 * 86_400),
  REFRESH_ABSOLUTE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .default(30 * 86_400),
  /** smtp(s)://user:pass@host:port — without it e-mails are written to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Parla <no-reply@parla.local>'),
  /** Shares rate limits between replicas; without it they live in the database. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_AUTHORIZE_URL: z.url().default('https://github.com/login/oauth/authorize'),
  GITHUB_TOKEN_URL: z.url().default('https://github.com/login/oauth/access_token'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  /** An OpenAI-compatible API for tutor explanations and hints; without it the content bank answers. */
  AI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  /** Web Push for reminders; false turns it off (the push setting then shows it unavailable). */
  WEB_PUSH: booleanFromString.default(true),
  /** The VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints); without them one is made once in DATA_DIR. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key in base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
    .optional(),
  /** Who push services may contact about this server's pushes: mailto: or https: (default: PUBLIC_URL if https, else MAIL_FROM's address). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
});

// Settings that are each valid but cannot work together.
const CheckedEnvSchema = EnvSchema.superRefine((env, context) => {
  // The database's own cancel must come first: it ends a slow statement and keeps the connection,
  // while giving up on the client side has to throw the connection away.
  if (env.DATABASE_STATEMENT_TIMEOUT_MS > 0 && env.DATABASE_QUERY_TIMEOUT_MS <= env.DATABASE_STATEMENT_TIMEOUT_MS) {
    context.addIssue({
      code: 'custom',
      path: ['DATABASE_QUERY_TIMEOUT_MS'],
      message: 'must be longer than DATABASE_STATEMENT_TIMEOUT_MS',
    });
  }
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    const missing = env.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
    context.addIssue({ code: 'custom', path: [missing], message: 'must be set together with the other VAPID key' });
  }
  if (env.SHUTDOWN_DRAIN_MS >= env.SHUTDOWN_TIMEOUT_MS && env.SHUTDOWN_TIMEOUT_MS > 0) {
    context.addIssue({ code: 'custom', path: ['SHUTDOWN_DRAIN_MS'], message: 'must be shorter than SHUTDOWN_TIMEOUT_MS' });
  }
});

export type Env = Readonly<z.infer<typeof EnvSchema>>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the environment once; an empty string counts as "not set" so .env templates stay harmless. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = CheckedEnvSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  return Object.freeze(result.data);
}
