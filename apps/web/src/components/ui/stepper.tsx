import { useTranslation } from '../../lib/i18n';
import styles from './stepper.module.css';

/** The six steps of every journey (travel-flow section 2; pa-home-payments "Stepper"). */
export const STEPS = ['welcome', 'quote', 'apply', 'confirm', 'insured', 'complete'] as const;
export type TStep = (typeof STEPS)[number];

/** The annual products' six steps, personal accident's and home's (pa-home-payments section 1). */
export const ANNUAL_STEPS = ['welcome', 'quote', 'apply', 'confirm', 'payment', 'insuredDone'] as const;

/** The active index is clamped to the valid range (pa-home-payments, Shared interface behaviour). */
export function clampStep(current: number): number {
  return Math.min(Math.max(Math.round(current), 1), STEPS.length);
}

/**
 * `steps`: the product's six step names, keys under `stepper.steps` (decision 044: PA names its own per
 * pa-home-payments section 1); travel's by default.
 */
export function Stepper({ current, steps = STEPS }: { current: number; steps?: readonly string[] }) {
  const { t } = useTranslation();
  const active = clampStep(current);
  const name = t(`stepper.steps.${steps[active - 1]}`);
  return (
    <nav className={styles.stepper} aria-label={t('stepper.label')}>
      <p className="visually-hidden">{t('stepper.stepOf', { current: active, total: steps.length, name })}</p>
      <div
        className={styles.progress}
        role="progressbar"
        aria-valuemin={1}
        aria-valuemax={STEPS.length}
        aria-valuenow={active}
        aria-label={t('stepper.label')}
      >
        <div className={styles[`bar${active}`]} />
      </div>
      <ol className={styles.steps} aria-hidden="true">
        {steps.map((step, index) => {
          const number = index + 1;
          const state = number < active ? 'done' : number === active ? 'current' : 'todo';
          return (
            <li key={step} className={`${styles.step} ${styles[state]}`}>
              <span className={styles.circle}>{state === 'done' ? '✓' : number}</span>
              <span className={styles.name}>{t(`stepper.steps.${step}`)}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
