import type { Browser, Page } from 'playwright-core';
import { newPage } from './site';

// Learners the browser tests need, made the way an API client makes them: an account, a finished
// setup, lessons taken. The tests then use the page only for what they check.

export const PASSWORD = 'violet-harbour-42';

/** The API at `baseUrl`, as a client calls it: JSON in and out, a failed call throws with its answer. */
export function apiClient(baseUrl: string, { from }: { from?: string } = {}) {
  return async <T = unknown>(path: string, method: string, body?: unknown, token?: string): Promise<T> => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        // The shared server trusts the proxy header (support/global-setup.ts).
        ...(from ? { 'x-forwarded-for': from } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

export interface LearnerOptions {
  email: string;
  fullName?: string;
  password?: string;
  native?: string;
  target?: string;
  /** The profile's interface language; unset leaves it to the device. */
  interfaceLanguage?: string;
  /** false: the account only, with setup still to do. */
  setUp?: boolean;
}

/** Signs up through the API and, unless told otherwise, finishes setup; returns the access token. */
export async function registerLearner(server: { url: string }, options: LearnerOptions): Promise<string> {
  const call = apiClient(server.url);
  const native = options.native ?? 'en';
  // Each learner signs up from an address of their own, as learners on their own devices do: the
  // whole browser suite shares one server, and 127.0.0.1 alone would meet the per-address sign-up
  // limit (30 an hour; tested in the auth API tests) long before the suite ends.
  const device = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
  const { access_token: token } = await apiClient(server.url, { from: device })<{ access_token: string }>(
    '/auth/register',
    'POST',
    {
      username: options.email,
      password: options.password ?? PASSWORD,
      full_name: options.fullName ?? 'Lea Learner',
      native_language: native,
    },
  );
  if (options.setUp !== false) {
    await call(
      '/users/me/profile',
      'PUT',
      {
        native_language: native,
        target_language: options.target ?? 'es',
        ...(options.interfaceLanguage ? { interface_language: options.interfaceLanguage } : {}),
        proficiency: 'beginner',
        learning_styles: ['reading'],
        goals: [],
        timezone: 'UTC',
        profile_completed: true,
      },
      token,
    );
  }
  return token;
}

/**
 * Signs in through the form and waits for the dashboard. The fields are found by type, so this
 * works in any interface language.
 */
export async function signInThroughForm(
  page: Page,
  server: { url: string },
  email: string,
  options: { password?: string; landsOn?: string } = {},
): Promise<Page> {
  await page.goto(`${server.url}/login`);
  await page.locator('input[type="email"]').fill(email);
  await page
    .locator('input[type="password"]')
    .first()
    .fill(options.password ?? PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL(`**${options.landsOn ?? '/app'}`);
  return page;
}

/** A new page (cookie choice made) signed in as `email`. */
export async function signedInPage(
  browser: Browser,
  server: { url: string },
  email: string,
  options: { width?: number; colorScheme?: 'light' | 'dark'; password?: string } = {},
): Promise<Page> {
  const page = await newPage(browser, { consent: true, width: options.width, colorScheme: options.colorScheme });
  return signInThroughForm(page, server, email, { password: options.password });
}

export interface StartedExercise {
  id: string;
  type: string;
  content: { prompt?: string; context?: string; options?: { id: string }[] };
}
interface Started {
  session_id: string;
  exercises: StartedExercise[];
  answered: string[];
}

/** Some answer of the right shape: the first option, a word, or a one-chip order (usually wrong). */
const someAnswer = (exercise: StartedExercise) =>
  exercise.type === 'multiple-choice'
    ? (exercise.content.options?.[0]?.id ?? 'a')
    : exercise.type === 'fill-blank'
      ? 'zzzz'
      : ['zzzz'];

/**
 * Starts (or resumes) a lesson through the API and answers every item before the first one `stopAt`
 * accepts, so the page resumes on that item; with no `stopAt` answers them all and finishes the lesson.
 */
export async function takeLesson(
  server: { url: string },
  token: string,
  lessonId: string,
  stopAt?: (exercise: StartedExercise) => boolean,
): Promise<StartedExercise | undefined> {
  const call = apiClient(server.url);
  const started = await call<Started>(`/lessons/${lessonId}/start`, 'POST', undefined, token);
  const stop = stopAt ? started.exercises.findIndex(stopAt) : started.exercises.length;
  if (stop < 0) throw new Error(`No such item in ${lessonId}`);
  for (const exercise of started.exercises.slice(0, stop)) {
    if (started.answered.includes(exercise.id)) continue;
    await call(
      `/lessons/${lessonId}/exercises/${exercise.id}/complete`,
      'POST',
      { session_id: started.session_id, answer: someAnswer(exercise) },
      token,
    );
  }
  if (stopAt) return started.exercises[stop];
  await call(`/lessons/${lessonId}/complete`, 'POST', { session_id: started.session_id }, token);
  return undefined;
}
