import { OCCUPATIONS } from '@lionrock/domain/pa/occupation';
import { useTranslation } from '../../../lib/i18n';
import styles from '../../checkout/components/confirm/confirm-cards.module.css';
import { EditLink, useDisplayDate } from '../../checkout/components/confirm/policyholder-card';
import { SummaryList } from '../../checkout/components/summary/summary-list';
import type { TPaPolicy } from '../state/pa-flow-store';
import { occupationLabel } from './occupation-search';

/**
 * PA's insured section of the confirm page (pa-home-payments section 2, Confirm; decision 044): the
 * adults with ID, date of birth, occupation and optional covers, the children with the student tick.
 */
export function PaInsuredCard({ policy }: { policy: TPaPolicy }) {
  const { t, language } = useTranslation();
  const date = useDisplayDate();
  const pa = policy.policyPAN;
  const family = pa.insuredPersonType === 'family';
  const adults = [pa.insured?.adult1, pa.insured?.adult2].slice(
    0,
    family ? (pa.family?.numberOfAdults ?? 1) : 1,
  );
  const children = family ? (pa.insured?.children ?? []) : [];
  const occupation = (code: string | undefined) => {
    const found = OCCUPATIONS.find((each) => each.code === code);
    return found ? occupationLabel(found, language) : '';
  };
  return (
    <section className={styles.card} aria-labelledby="confirm-insured-title">
      <div className={styles.head}>
        <h2 id="confirm-insured-title" className={styles.title}>
          {t('confirm.insuredTitle')}
        </h2>
        <EditLink to="/pa/applicant" label={t('confirm.editInsured')} />
      </div>
      <ol className={styles.people}>
        {adults.map((adult, index) => (
          <li key={`adult-${adult?.hkId ?? index}`} className={styles.person}>
            <h3 className={styles.personName}>
              {adult?.lastName}{' '}
              <span className={styles.personType}>{t('paQuote.adultN', { number: index + 1 })}</span>
            </h3>
            <SummaryList
              rows={[
                [t(`confirm.idTypes.${adult?.idType ?? 'NRIC'}`), adult?.hkId ?? ''],
                [t('confirm.dateOfBirth'), date(adult?.dateOfBirth ?? '')],
                [t('paConfirm.occupation'), occupation(adult?.occupation)],
                [
                  t('paQuote.optionalCovers'),
                  (adult?.optionalCovers ?? [])
                    .map((code) => t(`paQuote.covers.${code}`))
                    .join(t('paConfirm.listSeparator')) || t('paConfirm.none'),
                ],
              ]}
            />
          </li>
        ))}
        {children.map((child, index) => (
          <li key={`child-${child.hkId}-${child.lastName}`} className={styles.person}>
            <h3 className={styles.personName}>
              {child.lastName}{' '}
              <span className={styles.personType}>{t('paApply.childN', { number: index + 1 })}</span>
            </h3>
            <SummaryList
              rows={[
                [t(`confirm.idTypes.${child.idType ?? 'NRIC'}`), child.hkId ?? ''],
                [t('confirm.dateOfBirth'), date(child.dateOfBirth ?? '')],
                [
                  t('confirm.fullTimeStudent'),
                  t(child.fullTimeStudent === 'YES' ? 'confirm.yes' : 'confirm.no'),
                ],
              ]}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
