import { exportFileName, vocabularyFileName } from '@parla/shared/account.schema';
import { OkResponseSchema } from '@parla/shared/auth.schema';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/**
 * Fetches GET /users/me/export (with the session's token, refreshed if need be) and hands it to
 * the browser as a file download.
 */
export async function downloadMyData(): Promise<void> {
  const data = await apiRequest('/users/me/export', { schema: z.unknown() });
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), exportFileName(new Date()));
}

/** GET /users/me/export/vocabulary.tsv: the learner's words as a file Anki imports. */
export async function downloadMyWords(): Promise<void> {
  const text = await apiRequest('/users/me/export/vocabulary.tsv', { schema: z.string(), text: true });
  saveFile(new Blob([text], { type: 'text/tab-separated-values' }), vocabularyFileName(new Date()));
}

function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** DELETE /users/me; an account without a password (social sign-in only) sends none. */
export function deleteMyAccount(password: string) {
  return apiRequest('/users/me', {
    method: 'DELETE',
    body: password === '' ? {} : { password },
    schema: OkResponseSchema,
  });
}
