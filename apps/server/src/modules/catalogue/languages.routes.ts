import { isInterfaceLanguage } from '@parla/shared/content.schema';
import { ListLanguagesQuerySchema, ListLanguagesResponseSchema } from '@parla/shared/lessons.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContentProvider } from './content-bank';

/** The 12 courses for the selection screens, described in the interface language (English fallback). */
export function languagesRoutes({ content }: { content: ContentProvider }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/languages',
      {
        config: { public: true },
        schema: {
          tags: ['lessons'],
          summary: 'The courses one can learn, for the language selection screens',
          querystring: ListLanguagesQuerySchema,
          response: { 200: ListLanguagesResponseSchema },
        },
      },
      async (request, reply) => {
        const lang = request.query.lang && isInterfaceLanguage(request.query.lang) ? request.query.lang : 'en';
        reply.header('Cache-Control', 'public, max-age=3600');
        return {
          languages: content.get().languages.map((language) => ({
            code: language.code,
            name: language.name[lang] ?? language.name.en,
            native_name: language.nativeName,
            flag: language.flag,
            difficulty: language.difficulty,
            popularity: language.popularity,
            speakers: language.speakers,
            description: language.description[lang] ?? language.description.en,
            tts_locale: language.ttsLocale,
          })),
        };
      },
    );
  };
}
