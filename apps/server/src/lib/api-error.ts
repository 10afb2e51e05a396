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

  constructor(
    statusCode: number,
    message: string,
    options: { field?: string; messageKey?: string; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.field = options.field;
    this.messageKey = options.messageKey;
    this.retryAfterSeconds =
      options.retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterMs / 1000));
  }

  toBody(): TApiErrorBody {
    return buildErrorBody(this.statusCode, this.message, { field: this.field, messageKey: this.messageKey });
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
