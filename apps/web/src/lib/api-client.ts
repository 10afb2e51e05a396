import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { getSessionName } from './session-name';

/** A call the server refused or that failed on the way; `messageKey` is the spec's key when the server gave one. */
export class ApiCallError extends Error {
  override name = 'ApiCallError';
  readonly status: number;
  readonly field: string | undefined;
  readonly messageKey: string | undefined;
  /** Every field a 400 names (the first is `field` and `messageKey`), so a form flags them all at once. */
  readonly fieldErrors: { field: string; messageKey: string }[];
  /** The whole answer, for refusals that carry more (a 409 price change carries the re-rated policy). */
  readonly body: unknown;

  constructor(
    message: string,
    status: number,
    body?: { field?: string; messageKey?: string; errors?: { field: string; messageKey: string }[] },
  ) {
    super(message);
    this.status = status;
    this.field = body?.field;
    this.messageKey = body?.messageKey;
    // A field refused by the request's schema, without a rule's message, says "not in the form we expect".
    this.fieldErrors =
      body?.errors ??
      (body?.field && status === 400
        ? [{ field: body.field, messageKey: body.messageKey ?? MESSAGE_KEYS.invalid }]
        : []);
    this.body = body;
  }
}

type TRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers, e.g. the Idempotency-Key of a state-changing call. */
  headers?: Record<string, string>;
};

/**
 * The one way the app talks to the b2c-server: Session-Name and JSON on every call (travel-flow
 * section 7); a failed call is logged to the server's client log with URL and status, never with the
 * data sent (it may hold personal details).
 */
export async function apiCall(path: string, request: TRequest = {}): Promise<Response> {
  const method = request.method ?? (request.body === undefined ? 'GET' : 'POST');
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        'Session-Name': getSessionName(),
        Accept: 'application/json, text/plain',
        ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...request.headers,
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      ...(request.signal ? { signal: request.signal } : {}),
    });
  } catch (error) {
    if ((error as Error).name !== 'AbortError')
      void logClientError(`${method} ${path} failed: network error`);
    throw new ApiCallError('network error', 0);
  }
  if (!response.ok) {
    let body: { message?: string; field?: string; messageKey?: string } | undefined;
    try {
      body = (await response.clone().json()) as typeof body;
    } catch {
      body = undefined;
    }
    void logClientError(`${method} ${path} failed: ${response.status}`);
    throw new ApiCallError(body?.message ?? `HTTP ${response.status}`, response.status, body);
  }
  return response;
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await (await apiCall(path, signal ? { signal } : {})).json()) as T;
}

export async function postJson<T>(path: string, body: unknown, headers?: Record<string, string>): Promise<T> {
  return (await (await apiCall(path, { method: 'POST', body, ...(headers ? { headers } : {}) })).json()) as T;
}

/** Flag answers are the text `true` or `false` (travel-flow section 7). */
export async function postFlag(path: string, body: unknown): Promise<boolean> {
  return (await (await apiCall(path, { method: 'POST', body })).text()).trim() === 'true';
}

export async function getFlag(path: string): Promise<boolean> {
  return (await (await apiCall(path)).text()).trim() === 'true';
}

/** Client errors go to the server's log (`b2c/log/{level}`); the answer is ignored, a failure swallowed. */
export async function logClientError(
  data: string,
  level: 'error' | 'warn' | 'info' = 'error',
): Promise<void> {
  try {
    await fetch(`/b2c-server/b2c/log/${level}`, {
      method: 'POST',
      headers: { 'Session-Name': getSessionName(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: data.slice(0, 4000) }),
    });
  } catch {
    // Logging must never break the page.
  }
}
