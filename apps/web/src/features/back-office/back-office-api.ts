/**
 * The one way the back office and the agents' desk talk to their API (`/back-office/api`, decision
 * 078): JSON, the session cookie (sent by the browser, HttpOnly), and the session's CSRF token in
 * `x-csrf-token` on every call that changes something. A 401 tells the shell to show the sign-in.
 */
export const BACK_OFFICE_API = '/back-office/api';

let csrfToken = '';
/** The token the server gave at sign-in or with `GET /session`; the shell keeps it here. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export class BackOfficeError extends Error {
  override name = 'BackOfficeError';
  readonly status: number;
  readonly field: string | undefined;
  readonly messageKey: string | undefined;
  constructor(message: string, status: number, field?: string, messageKey?: string) {
    super(message);
    this.status = status;
    this.field = field;
    this.messageKey = messageKey;
  }
}

const signedOutListeners = new Set<() => void>();
/** Called when a call answers 401: the session ended. */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

export async function backOfficeCall<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${BACK_OFFICE_API}${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(method === 'GET' ? {} : { 'x-csrf-token': csrfToken }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new BackOfficeError(
      'The server could not be reached. Check the connection and try again.',
      0,
      undefined,
      undefined,
    );
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as {
      message?: string;
      field?: string;
      messageKey?: string;
    };
    if (response.status === 401 && !path.startsWith('/session/'))
      for (const listener of signedOutListeners) listener();
    throw new BackOfficeError(
      answer.message ?? `The call failed (${response.status}).`,
      response.status,
      answer.field,
      answer.messageKey,
    );
  }
  return JSON.parse(await response.text(), showDirectionControls) as T;
}

/** Arabic letter mark, left/right marks, embeddings and overrides, isolates: invisible, they reorder text. */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Every string of an answer with its direction controls shown as marks (`⟨U+202E⟩`): a customer's
 * `invoice<U+202E>fdp.exe` would read "invoiceexe.pdf" on a staff screen (issue 27 section 5). A form
 * that saves such a value back saves the marks, which is what its reader saw.
 */
function showDirectionControls(_key: string, value: unknown): unknown {
  return typeof value === 'string'
    ? value.replace(
        DIRECTION_CONTROLS,
        (control) => `⟨U+${control.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`,
      )
    : value;
}
