import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuthResponse } from '@parla/shared/auth.schema';
import type { App } from '../app';

let counter = 0;

/** A unique, valid sign-up body; the password is not on the common-password list. */
export function newAccount(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    username: `learner${counter}-${Date.now().toString(36)}@example.com`,
    password: 'violet-harbour-42',
    full_name: 'Ana García',
    ...overrides,
  };
}

/** Registers through the API, from its own IP so sign-up throttling never interferes. */
export async function registerUser(app: App, overrides: Record<string, unknown> = {}) {
  const body = newAccount(overrides);
  counter += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: body,
    remoteAddress: `10.9.${counter % 250}.${(counter * 7) % 250}`,
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const auth = response.json<AuthResponse>();
  return { ...body, auth, email: String(body.username), bearer: { authorization: `Bearer ${auth.access_token}` } };
}

/** Messages written by the outbox mailer, oldest first. */
export function readOutbox(dataDir: string): { to: string; subject: string; text: string }[] {
  const dir = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')));
}

/** Waits (briefly) for a background e-mail to land in the outbox. */
export async function waitForOutbox(dataDir: string, count: number): Promise<ReturnType<typeof readOutbox>> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const messages = readOutbox(dataDir);
    if (messages.length >= count) return messages;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return readOutbox(dataDir);
}

export function resetTokenFrom(text: string): string {
  const match = /reset-password\?token=([^\s]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return decodeURIComponent(match[1]);
}

type Headers = Record<string, string>;

/** GET and POST under /api/v1 through app.inject, the way every route test calls the API. */
export function apiCaller(app: () => App) {
  return {
    get: (url: string, headers: Headers) => app().inject({ method: 'GET', url: `/api/v1${url}`, headers }),
    post: (url: string, headers: Headers, payload?: unknown) =>
      app().inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}

/** A registered learner whose profile has been set (course and time zone by default). */
export async function registerLearner(
  app: App,
  profile: Record<string, unknown> = { target_language: 'es', timezone: 'Europe/Madrid' },
) {
  const account = await registerUser(app);
  await app.inject({ method: 'PUT', url: '/api/v1/users/me/profile', headers: account.bearer, payload: profile });
  return account;
}

/**
 * Answers every item of a lesson session that has no answer yet, wrongly (a lesson is finished
 * only once every item is answered or skipped). Wrong answers score like the misses they replace.
 */
export async function answerRestWrong(
  app: App,
  headers: Headers,
  lessonId: string,
  start: { session_id: string; exercises: { id: string; type: string }[]; answered?: string[] },
): Promise<void> {
  const done = new Set(start.answered ?? []);
  for (const exercise of start.exercises) {
    if (done.has(exercise.id)) continue;
    const answer = exercise.type === 'multiple-choice' || exercise.type === 'fill-blank' ? 'zzzz' : ['zzzz'];
    // A replay of an answered item returns the first answer, so items answered meanwhile are harmless.
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/lessons/${lessonId}/exercises/${exercise.id}/complete`,
      headers,
      payload: { session_id: start.session_id, answer },
    });
    if (response.statusCode !== 200) throw new Error(`answer failed: ${response.statusCode} ${response.body}`);
  }
}
