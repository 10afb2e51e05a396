import {
  ACCIDENT_QUESTIONS,
  accidentVerdict,
  type TAccidentAnswers,
} from '@lionrock/domain/claims/accident-guide';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import styles from './claims.module.css';

/** "Is this an accident?": the PA wording's definition, one plain question per word, before filing. */
export function AccidentGuide() {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<TAccidentAnswers>({});
  const verdict = accidentVerdict(answers);
  return (
    <section className={styles.section} aria-labelledby="accident-guide">
      <h2 id="accident-guide">{t('claims.guide.title')}</h2>
      <p className={styles.hint}>{t('claims.guide.intro')}</p>
      {ACCIDENT_QUESTIONS.map((question) => (
        <fieldset key={question} className={styles.choices} style={{ marginTop: 16 }}>
          <legend>{t(`claims.guide.questions.${question}`)}</legend>
          {(['yes', 'no'] as const).map((answer) => (
            <label key={answer} className={styles.choice}>
              <input
                type="radio"
                name={`guide-${question}`}
                checked={answers[question] === (answer === 'yes')}
                onChange={() => setAnswers({ ...answers, [question]: answer === 'yes' })}
              />
              {t(`claims.guide.${answer}`)}
            </label>
          ))}
        </fieldset>
      ))}
      {verdict === 'unanswered' ? null : (
        <p className={styles.notice} role="status" style={{ marginTop: 16 }}>
          {t(`claims.guide.${verdict}`)}
        </p>
      )}
    </section>
  );
}
