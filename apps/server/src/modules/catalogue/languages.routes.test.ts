import { ListLanguagesResponseSchema } from '@parla/shared/lessons.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('GET /languages', () => {
  it('lists the 12 courses, described in the requested interface language', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/languages?lang=de' });
    expect(response.statusCode).toBe(200);
    const { languages } = ListLanguagesResponseSchema.parse(response.json());
    expect(languages.map((language) => language.code).sort()).toEqual([
      'ar',
      'de',
      'es',
      'fr',
      'hi',
      'it',
      'ja',
      'ko',
      'nl',
      'pt',
      'ru',
      'zh',
    ]);
    expect(languages.find((language) => language.code === 'es')).toMatchObject({
      name: 'Spanisch',
      native_name: 'Español',
      flag: '🇪🇸',
      tts_locale: 'es-ES',
    });
  });

  it('falls back to English for an unknown interface language', async () => {
    const { languages } = ListLanguagesResponseSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/languages?lang=xx' })).json(),
    );
    expect(languages.find((language) => language.code === 'fr')?.name).toBe('French');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/languages?lang=${'x'.repeat(20)}` })).statusCode).toBe(400);
  });
});
