import { ListLanguagesResponseSchema } from '@parla/shared/lessons.schema';
import { apiRequest } from '@/lib/api-client';

/** The 12 courses, named in the interface language. */
export const getLanguages = (interfaceLanguage: string) =>
  apiRequest(`/languages?lang=${encodeURIComponent(interfaceLanguage)}`, {
    schema: ListLanguagesResponseSchema,
    anonymous: true,
  });
