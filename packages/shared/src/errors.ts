import { z } from 'zod';

/**
 * Every error the API can answer with. Codes are stable snake_case strings: the web app maps
 * them to translated messages, so a code is never renamed, only added.
 */
export const ERROR_STATUS = {
  validation_error: 400,
  invalid_json: 400,
  bad_request: 400,
  reset_token_invalid: 400,
  unsubscribe_token_invalid: 400,
  oauth_state_invalid: 400,
  oauth_failed: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  token_invalid: 401,
  token_expired: 401,
  refresh_token_reused: 401,
  forbidden: 403,
  daily_limit_reached: 403,
  reauthentication_required: 403,
  not_found: 404,
  provider_not_configured: 404,
  method_not_allowed: 405,
  conflict: 409,
  email_taken: 409,
  account_exists: 409,
  already_completed: 409,
  nothing_due: 409,
  exercise_not_answered: 409,
  request_in_progress: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  password_too_common: 422,
  current_password_incorrect: 422,
  practice_unfinished: 422,
  lesson_unfinished: 422,
  request_id_reused: 422,
  following_limit_reached: 422,
  rate_limited: 429,
  internal_error: 500,
  database_unavailable: 503,
  service_unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ErrorItemSchema = z.object({
  path: z.string().describe('Where the problem is, e.g. "body.email"'),
  message: z.string(),
});
export type ErrorItem = z.infer<typeof ErrorItemSchema>;

export const ErrorBodySchema = z
  .object({
    detail: z.string(),
    code: z.string(),
    errors: z.array(ErrorItemSchema).optional(),
    resets_at: z.iso.datetime().optional().describe('daily_limit_reached: when the next local day begins'),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** An error the server means to show: its code decides the status, its message is the detail. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: ErrorItem[] | undefined;
  readonly resetsAt: string | undefined;

  constructor(code: ErrorCode, detail: string, errors?: ErrorItem[], options?: { cause?: unknown; resetsAt?: string }) {
    super(detail, options);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.errors = errors;
    this.resetsAt = options?.resetsAt;
  }

  toBody(): ErrorBody {
    return {
      detail: this.message,
      code: this.code,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.resetsAt ? { resets_at: this.resetsAt } : {}),
    };
  }
}
