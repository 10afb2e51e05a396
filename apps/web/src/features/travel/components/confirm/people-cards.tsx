import { parseDmy } from '@lionrock/domain/dates/local-date';
import { displayEmail } from '@lionrock/domain/display/contact-display';
import type { TApplicant, TTraveller } from '@lionrock/domain/schemas/policy-schema';
import { Link } from 'react-router';
import { formatDisplayDate } from '../../../../lib/format-date';
import { useTranslation } from '../../../../lib/i18n';
import { useSystemStore } from '../../../../state/system-store';
import { SummaryList } from '../checkout/summary-list';
import styles from './confirm-cards.module.css';

type TApplicantInput = Partial<TApplicant>;
type TTravellerInput = Partial<TTraveller>;

function useDate() {
  const lang = useSystemStore((state) => state.lang);
  return (dmy: string | undefined) => {
    const date = parseDmy(dmy ?? '');
    return date ? formatDisplayDate(date, lang) : (dmy ?? '');
  };
}

function EditApplicant({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/travel/applicant" className={styles.edit} aria-label={label}>
      {t('confirm.edit')}
    </Link>
  );
}

/**
 * The policyholder as typed on the applicant page (travel-flow section 2, Confirm): a person's name,
 * ID, date of birth and contact; a company's name and UEN. Shown as typed, never logged.
 */
export function PolicyholderCard({ applicant }: { applicant: TApplicantInput }) {
  const { t } = useTranslation();
  const date = useDate();
  const corporate = applicant.clientType === 'C';
  const mobile = `+${applicant.mobileNoCountryCode ?? ''} ${applicant.mobileNo ?? ''}`.trim();
  const rows: [string, string][] = corporate
    ? [
        [t('confirm.companyName'), applicant.fullName ?? ''],
        [t('confirm.uen'), applicant.uen ?? ''],
      ]
    : [
        [t('confirm.fullName'), applicant.fullName ?? ''],
        [t(`confirm.idTypes.${applicant.idType ?? 'NRIC'}`), applicant.hkId ?? ''],
        [t('confirm.dateOfBirth'), date(applicant.dateOfBirth)],
      ];
  rows.push([t('confirm.mobile'), mobile], [t('confirm.email'), displayEmail(applicant.email)]);
  return (
    <section className={styles.card} aria-labelledby="confirm-holder-title">
      <div className={styles.head}>
        <h2 id="confirm-holder-title" className={styles.title}>
          {t(corporate ? 'confirm.companyTitle' : 'confirm.policyholderTitle')}
        </h2>
        <EditApplicant label={t('confirm.editPolicyholder')} />
      </div>
      <SummaryList rows={rows} />
    </section>
  );
}

/** Each insured person: name, ID, date of birth, and for a child whether a full-time student. */
export function InsuredCard({ travellers }: { travellers: TTravellerInput[] }) {
  const { t } = useTranslation();
  const date = useDate();
  return (
    <section className={styles.card} aria-labelledby="confirm-insured-title">
      <div className={styles.head}>
        <h2 id="confirm-insured-title" className={styles.title}>
          {t('confirm.insuredTitle')}
        </h2>
        <EditApplicant label={t('confirm.editInsured')} />
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
