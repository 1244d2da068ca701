import { z } from 'zod';

/**
 * DELETE /users/me: the password confirms that the learner, not a borrowed session, deletes the
 * account. An account that signs in only through a provider has none: it needs a sign-in made in
 * the last few minutes instead (ACCOUNT_DELETION_FRESH_SIGN_IN_SECONDS).
 */
export const DeleteAccountBodySchema = z
  .strictObject({
    password: z.string().min(1, { error: 'Enter your password.' }).max(1024).optional(),
  })
  .meta({ id: 'DeleteAccountBody' });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

/** How recent a provider-only account's sign-in must be to delete the account. */
export const ACCOUNT_DELETION_FRESH_SIGN_IN_SECONDS = 10 * 60;

/** The file names of the two downloads, dated with the day (UTC) they were made. */
export const exportFileName = (date: Date) => `parla-export-${date.toISOString().slice(0, 10)}.json`;
export const vocabularyFileName = (date: Date) => `parla-vocabulary-${date.toISOString().slice(0, 10)}.tsv`;
