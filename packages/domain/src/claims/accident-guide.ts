/**
 * The "is this an accident?" guide shown before a personal accident claim. The PA wording defines an
 * accident as "a sudden, unforeseen and involuntary event caused by external, violent and visible
 * means" (apps/server/src/modules/document/pa-wording.ts, Definitions); each question asks one of
 * those words in plain terms. All "yes" means the wording likely covers it; any "no" explains why not.
 */
export const ACCIDENT_QUESTIONS = ['sudden', 'external', 'violent', 'visible'] as const;
export type TAccidentQuestion = (typeof ACCIDENT_QUESTIONS)[number];
export type TAccidentAnswers = Partial<Record<TAccidentQuestion, boolean>>;

export type TAccidentVerdict = 'unanswered' | 'likelyCovered' | 'likelyNotCovered';

export function accidentVerdict(answers: TAccidentAnswers): TAccidentVerdict {
  if (ACCIDENT_QUESTIONS.some((question) => answers[question] === false)) return 'likelyNotCovered';
  if (ACCIDENT_QUESTIONS.every((question) => answers[question] === true)) return 'likelyCovered';
  return 'unanswered';
}
