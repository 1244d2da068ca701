import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StartLessonResponseSchema } from '@parla/shared/lessons.schema';
import { TutorAnswerSchema } from '@parla/shared/tutor.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEnv } from '../../test/build-test-app';
import { registerUser } from '../../test/factories';

// A local stand-in for an OpenAI-compatible API: answers well, slowly, or with garbage.
let mode: 'good' | 'romaji' | 'slow' | 'malformed' | 'wrong-shape' | 'error' = 'good';
const requests: { auth: string | undefined; body: { model: string; messages: { content: string }[] } }[] = [];
const model = http.createServer((request, response) => {
  let raw = '';
  request.on('data', (chunk) => (raw += chunk));
  request.on('end', () => {
    requests.push({ auth: request.headers.authorization, body: JSON.parse(raw) });
    const reply = (content: string) => {
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    };
    if (mode === 'good')
      return reply(JSON.stringify({ explanation: 'Buenos días se usa por la mañana.', hint: 'Piensa en la mañana.' }));
    // Every romanised answer a Japanese greetings-1 fill-in can have.
    if (mode === 'romaji') return reply(JSON.stringify({ hint: 'Casi: Ohayō gozaimasu, yōkoso o aimashō.' }));
    if (mode === 'slow') return setTimeout(() => reply(JSON.stringify({ explanation: 'too late' })), 1_500);
    if (mode === 'malformed') return reply('Sure! Here is your explanation: ...');
    if (mode === 'wrong-shape') return reply(JSON.stringify({ text: 42 }));
    response.writeHead(500).end();
  });
});

let withModel: TestApp;
let withoutModel: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  withModel = await buildTestApp({
    env: testEnv({
      AI_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`,
      AI_API_KEY: 'sk-test',
      AI_MODEL: 'tiny-tutor',
      AI_TIMEOUT_MS: '300',
    }),
  });
  withoutModel = await buildTestApp();
});
afterAll(async () => {
  await withModel.close();
  await withoutModel.close();
  model.close();
});

async function answeredExercise(ctx: TestApp, course = 'fr') {
  const account = await registerUser(ctx.app, { native_language: 'es' });
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me/profile',
    headers: account.bearer,
    payload: { target_language: course },
  });
  const start = StartLessonResponseSchema.parse(
    (await ctx.app.inject({ method: 'POST', url: '/api/v1/lessons/greetings-1/start', headers: account.bearer })).json(),
  );
  const exercise = start.exercises.find((item) => item.type === 'fill-blank');
  if (!exercise) throw new Error('no fill-blank');
  const ask = (what: 'explanation' | 'hint', id = exercise.id) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/exercises/${id}/${what}`,
      headers: account.bearer,
      payload: { session_id: start.session_id },
    });
  const answer = () =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/lessons/greetings-1/exercises/${exercise.id}/complete`,
      headers: account.bearer,
      payload: { session_id: start.session_id, answer: 'nope' },
    });
  return { account, start, exercise, ask, answer };
}

describe('the tutor with a model', () => {
  it('explains with the model, in the learner’s language, after the answer', async () => {
    mode = 'good';
    const { ask, answer } = await answeredExercise(withModel);
    const early = await ask('explanation');
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('exercise_not_answered');
    await answer();
    const response = await ask('explanation');
    expect(TutorAnswerSchema.parse(response.json())).toEqual({
      text: 'Buenos días se usa por la mañana.',
      language: 'es',
      source: 'ai',
    });
    const sent = requests.at(-1);
    expect(sent?.auth).toBe('Bearer sk-test');
    expect(sent?.body.model).toBe('tiny-tutor');
    expect(sent?.body.messages[0]?.content).toContain('Spanish');
  });

  it('never passes on a hint that gives away the answer’s romanisation', async () => {
    mode = 'romaji';
    const { ask } = await answeredExercise(withModel, 'ja');
    const hint = TutorAnswerSchema.parse((await ask('hint')).json());
    expect(hint).toMatchObject({ source: 'content', language: 'es' });
    expect(hint.text.toLowerCase()).not.toMatch(/ohay|yōkoso|aimash/);
  });

  it.each(['slow', 'malformed', 'wrong-shape', 'error'] as const)(
    'falls back to the content bank when the model is %s',
    async (failure) => {
      mode = failure;
      const { ask, answer } = await answeredExercise(withModel);
      await answer();
      const explanation = TutorAnswerSchema.parse((await ask('explanation')).json());
      expect(explanation.source).toBe('content');
      expect(explanation.text.length).toBeGreaterThan(10);
      const hint = TutorAnswerSchema.parse((await ask('hint')).json());
      expect(hint).toMatchObject({ source: 'content', language: 'es' });
    },
  );
});

describe('the tutor without a model', () => {
  it('hints without giving the answer away, in the learner’s language', async () => {
    const { ask } = await answeredExercise(withoutModel);
    const hint = TutorAnswerSchema.parse((await ask('hint')).json());
    expect(hint.source).toBe('content');
    expect(hint.text).toMatch(/^Empieza por «.» y tiene \d+ letras\.$/);
  });

  it('adapts an explanation by returning it as written', async () => {
    const account = await registerUser(withoutModel.app);
    const response = await withoutModel.app.inject({
      method: 'POST',
      url: '/api/v1/enhanced-lessons/adapt-explanation',
      headers: account.bearer,
      payload: { text: 'Le subjonctif exprime le doute.', level: 'beginner' },
    });
    expect(response.json()).toEqual({ text: 'Le subjonctif exprime le doute.', language: 'en', source: 'content' });
  });

  it('rejects bad input and other learners’ exercises', async () => {
    const { ask, account } = await answeredExercise(withoutModel);
    const other = await registerUser(withoutModel.app);
    const { start, exercise } = await answeredExercise(withoutModel);
    const foreign = await withoutModel.app.inject({
      method: 'POST',
      url: `/api/v1/exercises/${exercise.id}/hint`,
      headers: other.bearer,
      payload: { session_id: start.session_id },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await ask('hint', 'ex99')).statusCode).toBe(404);
    expect(
      (
        await withoutModel.app.inject({
          method: 'POST',
          url: '/api/v1/exercises/ex1/hint',
          headers: account.bearer,
          payload: { session_id: 'nope' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await withoutModel.app.inject({
          method: 'POST',
          url: '/api/v1/enhanced-lessons/adapt-explanation',
          headers: account.bearer,
          payload: { text: '' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await withoutModel.app.inject({
          method: 'POST',
          url: '/api/v1/exercises/ex1/hint',
          payload: { session_id: start.session_id },
        })
      ).statusCode,
    ).toBe(401);
  });
});
