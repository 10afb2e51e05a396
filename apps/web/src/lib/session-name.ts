const KEY = 'lionrock.sessionName';

/**
 * Every API call carries Session-Name: a generated unique id kept for the browser tab's session
 * (travel-flow section 3, sessionNameId). A policy belongs to the session that created it.
 */
export function getSessionName(storage: Storage = sessionStorage): string {
  let value = storage.getItem(KEY);
  if (!value) {
    value = crypto.randomUUID();
    storage.setItem(KEY, value);
  }
  return value;
}
