import { parseDmy } from '@lionrock/domain/dates/local-date';
import { displayEmail } from '@lionrock/domain/display/contact-display';
import type { TApplicant } from '@lionrock/domain/schemas/policy-schema';
import { Link } from 'react-router';
import { formatDisplayDate } from '../../../../lib/format-date';
import { useTranslation } from '../../../../lib/i18n';
import { useSystemStore } from '../../../../state/system-store';
import { SummaryList } from '../summary/summary-list';
import styles from './confirm-cards.module.css';

type TApplicantInput = Partial<TApplicant>;

/** A wire date (DD/MM/YYYY) as the shop shows it in the customer's language. */
export function useDisplayDate() {
  const lang = useSystemStore((state) => state.lang);
  return (dmy: string | undefined) => {
    const date = parseDmy(dmy ?? '');
    return date ? formatDisplayDate(date, lang) : (dmy ?? '');
  };
}

/** A confirm card's Edit link back to the step where its details were typed. */
export function EditLink({ to, label }: { to: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className={styles.edit} aria-label={label}>
      {t('confirm.edit')}
    </Link>
  );
}

/**
 * The policyholder as typed on the applicant page (travel-flow section 2, Confirm): a person's name,
 * ID, date of birth and contact; a company's name and UEN. Shown as typed, never logged.
 */
export function PolicyholderCard({ applicant, editTo }: { applicant: TApplicantInput; editTo: string }) {
  const { t } = useTranslation();
  const date = useDisplayDate();
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
        <EditLink to={editTo} label={t('confirm.editPolicyholder')} />
      </div>
      <SummaryList rows={rows} />
    </section>
  );
}
