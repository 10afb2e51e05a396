/**
 * The one shape of every "no" the API gives to bad input (design section 5):
 * `{ statusCode, error, message, field, messageKey }`, `messageKey` being the spec's key when one exists.
 */
export type TApiErrorBody = {
  statusCode: number;
  error: string;
  message: string;
  field?: string;
  messageKey?: string;
  /** The values the message key's text names (a date, a number of minutes). */
  values?: Record<string, string | number>;
  /** When to come back, as `Retry-After` says it too (a 429 or 503). */
  retryAfterSeconds?: number;
  /** Every field the request got wrong, `field` and `messageKey` being the first (a form flags them all). */
  errors?: { field: string; messageKey: string }[];
};

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export class ApiError extends Error {
  override name = 'ApiError';
  readonly statusCode: number;
  readonly field: string | undefined;
  readonly messageKey: string | undefined;
  /** Sent as `Retry-After` (a 429 or 503 says when to come back, as the rate-limit plugin's own 429s do). */
  readonly retryAfterSeconds: number | undefined;
  readonly values: Record<string, string | number> | undefined;
  readonly errors: { field: string; messageKey: string }[] | undefined;

  constructor(
    statusCode: number,
    message: string,
    options: {
      field?: string;
      messageKey?: string;
      retryAfterMs?: number;
      values?: Record<string, string | number>;
      errors?: { field: string; messageKey: string }[];
    } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.field = options.field;
    this.messageKey = options.messageKey;
    this.values = options.values;
    this.errors = options.errors;
    this.retryAfterSeconds =
      options.retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterMs / 1000));
  }

  toBody(): TApiErrorBody {
    const body = buildErrorBody(this.statusCode, this.message, {
      field: this.field,
      messageKey: this.messageKey,
    });
    if (this.values) body.values = this.values;
    if (this.errors) body.errors = this.errors;
    if (this.retryAfterSeconds !== undefined) body.retryAfterSeconds = this.retryAfterSeconds;
    return body;
  }
}

export function buildErrorBody(
  statusCode: number,
  message: string,
  options: { field?: string | undefined; messageKey?: string | undefined } = {},
): TApiErrorBody {
  const body: TApiErrorBody = { statusCode, error: REASONS[statusCode] ?? 'Error', message };
  if (options.field) body.field = options.field;
  if (options.messageKey) body.messageKey = options.messageKey;
  return body;
}

export function badRequest(field: string, message: string, messageKey?: string): ApiError {
  return new ApiError(400, message, { field, ...(messageKey ? { messageKey } : {}) });
}
