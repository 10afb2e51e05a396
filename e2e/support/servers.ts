/** The two shops the journeys run against (playwright.config.ts starts both). */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
/** A second shop configured with the finish page's survey (travel-finish-survey.spec.ts). */
export const SURVEY_PORT = PORT + 1;
/** The survey script the second shop names; no network here, so the test answers it (page.route). */
export const SURVEY_SCRIPT_URL = 'https://survey.example.com/embed.js?site=lionrock';
