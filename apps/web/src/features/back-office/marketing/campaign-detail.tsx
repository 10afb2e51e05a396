import { useState } from 'react';
import shell from '../back-office.module.css';
import styles from '../data-screen.module.css';
import { useCan } from '../signed-in-account';
import { staffCalendarDay, staffMoment } from '../staff-dates';
import { useStaffQuery } from '../staff-query';
import { Codes } from './campaign-codes';
import { CampaignForm } from './campaign-form';
import { CampaignImage } from './campaign-image';
import { discountText, MARKETS, PRODUCTS, type TCampaign } from './campaign-shared';

/** One line of a campaign's audit trail. */
type TAuditEntry = { at: string; actor: string; action: string; before: unknown; after: unknown };

/**
 * One campaign: what it is and how many policies sold with it, its edit form, its promo codes, its
 * image and the audit trail beside it.
 */
export function CampaignDetail({ campaignId, onBack }: { campaignId: number; onBack: () => void }) {
  const answer = useStaffQuery<{ campaign: TCampaign; sales: { policies: number }; audit: TAuditEntry[] }>(
    `/admin/campaigns/${campaignId}`,
  );
  const data = answer.data;
  const error = answer.error ?? '';
  const load = answer.reload;
  const [editing, setEditing] = useState(false);
  // Only marketing changes campaigns; operations and read-only accounts see them (the server's guard).
  const mayChange = useCan('marketing.write');
  if (error)
    return (
      <p className={shell.formError} role="alert">
        {error}
      </p>
    );
  if (!data)
    return (
      <p className={shell.loading} role="status">
        Loading the campaign…
      </p>
    );
  const { campaign } = data;
  if (editing)
    return (
      <CampaignForm
        initial={campaign}
        campaignId={campaign.campaignId}
        onCancel={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          load();
        }}
      />
    );
  return (
    <>
      <p>
        <button type="button" className={shell.secondary} onClick={onBack}>
          Back to campaigns
        </button>
      </p>
      <section className={styles.card} aria-label={`Campaign ${campaign.campaignCode}`}>
        <h2 className={shell.heading}>
          {campaign.campaignCode}: {campaign.campaignName}
        </h2>
        <p>
          {MARKETS[campaign.country]}, {PRODUCTS[campaign.productCode]},{' '}
          {staffCalendarDay(campaign.startDate)} to {staffCalendarDay(campaign.endDate)},{' '}
          {discountText(campaign)}, {campaign.status === 'ACTIVE' ? 'active' : 'inactive'}. Policies sold with
          it: {data.sales.policies}.
        </p>
        {mayChange ? (
          <button type="button" className={shell.primary} onClick={() => setEditing(true)}>
            Edit campaign
          </button>
        ) : null}
      </section>
      {campaign.promoCodeRequired ? <Codes campaign={campaign} onChanged={load} /> : null}
      <CampaignImage campaignId={campaign.campaignId} />
      <section className={styles.card} aria-label="Changes">
        <h2 className={shell.heading}>Changes</h2>
        <ul className={styles.trail}>
          {data.audit.map((entry) => (
            <li key={`${entry.at}-${entry.action}`}>
              {staffMoment(entry.at)}: {entry.actor}, {entry.action}
              {entry.after ? ` ${JSON.stringify(entry.after)}` : ''}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
