import { useState } from 'react';
import type { FormFailure, SubmitResult } from '../api/submit-forms';

/** Submitting flag plus the last failure, for a form that posts once per click. */
export function useFormSubmission() {
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<FormFailure | null>(null);

  const submit = async (send: (api: typeof import('../api/submit-forms')) => Promise<SubmitResult>) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const result = await send(await import('../api/submit-forms'));
      if (!result.ok) setFailure(result.failure);
      return result.ok;
    } catch (error) {
      // The submit code itself failed to load (offline, or a deploy replaced the chunk).
      console.error(error);
      setFailure({ message: undefined, code: undefined, fieldErrors: {}, retryAfterSeconds: undefined });
      return false;
    } finally {
      setSubmitting(false);
    }
  };

  return { submitting, failure, submit };
}
