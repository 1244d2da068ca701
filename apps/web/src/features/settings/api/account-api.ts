import { exportFileName } from '@parla/shared/account.schema';
import { OkResponseSchema } from '@parla/shared/auth.schema';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/**
 * Fetches GET /users/me/export (with the session's token, refreshed if need be) and hands it to
 * the browser as a file download.
 */
export async function downloadMyData(): Promise<void> {
  const data = await apiRequest('/users/me/export', { schema: z.unknown() });
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName(new Date());
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
