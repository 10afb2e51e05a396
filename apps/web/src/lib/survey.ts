/**
 * The third-party survey of the finish page (travel-flow section 2, Finish; decision 016). The server names
 * its script only in a document served for a finish page, in a `survey-script` meta tag, and only that
 * document's Content-Security-Policy lets the script's origin run. So:
 * - the finish page is shown in a document of its own (a client-side arrival reloads it), and
 * - once the script has run, leaving the finish page loads a fresh document, so no page after it —
 *   least of all a payment page — ever shares a document with third-party code.
 */

let loaded = false;

/** Whether the current document was served for `pathname`; undefined where the browser cannot tell. */
export function documentServedFor(pathname: string, entries = navigationEntries()): boolean | undefined {
  const entry = entries[0];
  if (!entry) return undefined;
  return new URL(entry.name).pathname.replace(/\/+$/, '') === pathname.replace(/\/+$/, '');
}

function navigationEntries(): PerformanceEntry[] {
  return typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('navigation') : [];
}

/** Adds the survey script named by the document, once; false when there is none to load. */
export function loadSurveyScript(doc: Document = document): boolean {
  const url = doc.querySelector<HTMLMetaElement>('meta[name="survey-script"]')?.content;
  if (!url || loaded) return false;
  const script = doc.createElement('script');
  script.src = url;
  script.async = true;
  script.dataset.survey = '';
  doc.body.append(script);
  loaded = true;
  return true;
}

/** Whether this document has run the survey script (and so must not be reused for another page). */
export function surveyLoaded(): boolean {
  return loaded;
}

/** The finish pages of every product: the only documents allowed the survey. */
export const FINISH_PAGE = /^\/(travel|pa|home)\/finish\/?$/;
