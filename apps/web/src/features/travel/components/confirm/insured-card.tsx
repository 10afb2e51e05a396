import { useTranslation } from '../../../../lib/i18n';
import styles from '../../../checkout/components/confirm/confirm-cards.module.css';
import { EditLink, useDisplayDate } from '../../../checkout/components/confirm/policyholder-card';
import { SummaryList } from '../../../checkout/components/summary/summary-list';
import type { TTravelPolicy } from '../../state/travel-flow-store';

/**
 * Travel's insured section of the confirm page (travel-flow section 2, Confirm; decision 044): each
 * traveller's name, ID, date of birth, and for a child whether a full-time student.
 */
export function InsuredCard({ policy }: { policy: TTravelPolicy }) {
  const { t } = useTranslation();
  const date = useDisplayDate();
  const travellers = policy.policyTravel.travellersList ?? [];
  return (
    <section className={styles.card} aria-labelledby="confirm-insured-title">
      <div className={styles.head}>
        <h2 id="confirm-insured-title" className={styles.title}>
          {t('confirm.insuredTitle')}
        </h2>
        <EditLink to="/travel/applicant" label={t('confirm.editInsured')} />
      </div>
      <ol className={styles.people}>
        {travellers.map((person) => {
          const rows: [string, string][] = [
            [t(`confirm.idTypes.${person.idType ?? 'NRIC'}`), person.hkId ?? ''],
            [t('confirm.dateOfBirth'), date(person.dateOfBirth)],
          ];
          if (person.type === 'CHILD')
            rows.push([
              t('confirm.fullTimeStudent'),
              t(person.fullTimeStudent === 'YES' ? 'confirm.yes' : 'confirm.no'),
            ]);
          return (
            <li key={`${person.insuredNum}-${person.hkId}-${person.fullName}`} className={styles.person}>
              <h3 className={styles.personName}>
                {person.fullName}{' '}
                <span className={styles.personType}>
                  {t(person.type === 'CHILD' ? 'confirm.child' : 'confirm.adult')}
                </span>
              </h3>
              <SummaryList rows={rows} />
            </li>
          );
        })}
      </ol>
    </section>
  );
}
