/**
 * The shops the journeys run against (playwright.config.ts starts them): one main shop per worker, so
 * two workers never share a database, an outbox or a staff account's one-time codes, and one shop with
 * the finish page's survey.
 */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
/** How many workers run the journeys, each against a main shop of its own (E2E_WORKERS, default 2). */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
/** A second shop configured with the finish page's survey (travel-finish-survey.spec.ts). */
export const SURVEY_PORT = PORT + 1;
/** The main shop of worker `parallelIndex` (0 .. WORKERS - 1): PORT, PORT + 2, PORT + 4, ... */
export function mainPort(parallelIndex: number): number {
  return PORT + 2 * parallelIndex;
}
/** This worker's main shop (Playwright sets TEST_PARALLEL_INDEX in each worker process). */
export const WORKER_PORT = mainPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
/** The survey script the second shop names; no network here, so the test answers it (page.route). */
export const SURVEY_SCRIPT_URL = 'https://survey.example.com/embed.js?site=lionrock';
