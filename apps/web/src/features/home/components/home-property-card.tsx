import { useTranslation } from '../../../lib/i18n';
import styles from '../../checkout/components/confirm/confirm-cards.module.css';
import { EditLink } from '../../checkout/components/confirm/policyholder-card';
import { SummaryList } from '../../checkout/components/summary/summary-list';
import type { THomePolicy } from '../state/home-journey-store';
import { useAddressText, useDwellingText } from './home-summary';

/** Home's insured section of the confirm page (decision 059): the insured address, the dwelling and who occupies it. */
export function HomePropertyCard({ policy }: { policy: THomePolicy }) {
  const { t } = useTranslation();
  const address = useAddressText();
  const dwelling = useDwellingText();
  return (
    <section className={styles.card} aria-labelledby="confirm-property-title">
      <div className={styles.head}>
        <h2 id="confirm-property-title" className={styles.title}>
          {t('homeApplicant.propertyTitle')}
        </h2>
        <EditLink to="/home/applicant" label={t('homeApplicant.editAddress')} />
      </div>
      <SummaryList
        rows={[
          [t('homeApplicant.address'), address(policy)],
          [t('homeQuote.dwelling'), dwelling(policy)],
          [
            t('homeLanding.occupancy'),
            t(`homeLanding.occupancies.${policy.policyHome.ownership ?? 'OWNER'}`),
          ],
        ]}
      />
    </section>
  );
}
