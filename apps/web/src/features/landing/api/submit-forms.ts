// Loaded on the first submit only: it brings the API client and zod, which the landing's first
// load does without.
import type { CreateContactMessageBody, SubscribeNewsletterBody } from '@parla/shared/contact.schema';
import { ApiError } from '@/lib/api-client';
import { createContactMessage } from './create-contact-message';
import { subscribeNewsletter } from './subscribe-newsletter';

export interface FormFailure {
  /** The server's own message; undefined when the server could not be reached. */
  message: string | undefined;
  code: string | undefined;
  /** Per-field messages keyed by the field name ("email"), from the error body's `errors`. */
  fieldErrors: Record<string, string>;
  retryAfterSeconds: number | undefined;
}

export type SubmitResult = { ok: true } | { ok: false; failure: FormFailure };

export function toFormFailure(error: unknown): FormFailure {
  if (!(error instanceof ApiError) || error.status === 0) {
    return { message: undefined, code: undefined, fieldErrors: {}, retryAfterSeconds: undefined };
  }
  const fieldErrors: Record<string, string> = {};
  for (const item of error.details ?? []) {
    // Paths look like "body.email" or "email": the last segment names the field.
    const field = item.path.split('.').at(-1);
    if (field && !(field in fieldErrors)) fieldErrors[field] = item.message;
  }
  return { message: error.message, code: error.code, fieldErrors, retryAfterSeconds: error.retryAfterSeconds };
}

async function run(send: () => Promise<unknown>): Promise<SubmitResult> {
  try {
    await send();
    return { ok: true };
  } catch (error) {
    return { ok: false, failure: toFormFailure(error) };
  }
}

export const submitContactMessage = (body: CreateContactMessageBody) => run(() => createContactMessage(body));
export const submitNewsletterSubscription = (body: SubscribeNewsletterBody) => run(() => subscribeNewsletter(body));
