import type { TCampaignInput } from '@lionrock/domain/back-office/campaign-rules';
import { useState } from 'react';
import shell from '../back-office.module.css';
import styles from '../data-screen.module.css';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { staffCalendarDay } from '../staff-dates';
import { useStaffQuery } from '../staff-query';
import { CampaignDetail } from './campaign-detail';
import { CampaignForm } from './campaign-form';
import { campaignState, discountText, MARKETS, PRODUCTS, type TCampaign } from './campaign-shared';

/** A new campaign's values, as its form starts. */
const EMPTY: TCampaignInput = {
  campaignCode: '',
  campaignName: '',
  status: 'ACTIVE',
  productCode: 'PTR',
  country: 'SGP',
  startDate: '',
  endDate: '',
  marketingMessage: '',
  marketingMessageCn: '',
  promoCodeRequired: false,
  promoCodeReusability: 'REUSABLE',
  promoCodeDescription: '',
  promoCodeDescriptionCn: '',
  discountType: 'PERCENT',
  discountValue: 0,
  termsConditionsEn: '',
  termsConditionsCn: '',
  voucherCents: null,
  voucherDescription: '',
  voucherDescriptionCn: '',
};

/**
 * Marketing's campaigns and promo codes (issue 18): the list, a campaign's form with every spec field
 * (checked with the domain's `ZCampaignRequest` before sending, and by the server again), its codes made
 * in bulk or typed, the CSV, and the audit trail beside it. Staff screens are English only.
 */
export default function CampaignsPage() {
  // The instant the list's statuses are read at, once per visit to the page.
  const [now] = useState(() => new Date());
  const [view, setView] = useState<{ kind: 'list' } | { kind: 'new' } | { kind: 'one'; campaignId: number }>({
    kind: 'list',
  });
  const listed = useStaffQuery<{ campaigns: TCampaign[] }>('/admin/campaigns');
  const campaigns = listed.data?.campaigns ?? null;
  const load = listed.reload;
  // Only marketing changes campaigns; operations and read-only accounts see them (the server's guard).
  const mayChange = useCan('marketing.write');
  const error = listed.error ?? '';

  return (
    <div className={styles.page}>
      <h1 className={shell.heading}>Campaigns and promo codes</h1>
      {view.kind === 'new' ? (
        <CampaignForm
          initial={EMPTY}
          campaignId={null}
          onCancel={() => setView({ kind: 'list' })}
          onSaved={(campaignId) => {
            load();
            setView({ kind: 'one', campaignId });
          }}
        />
      ) : view.kind === 'one' ? (
        <CampaignDetail
          campaignId={view.campaignId}
          onBack={() => {
            load();
            setView({ kind: 'list' });
          }}
        />
      ) : (
        <section className={styles.card} aria-label="Campaigns">
          {mayChange ? (
            <p>
              <button type="button" className={shell.primary} onClick={() => setView({ kind: 'new' })}>
                New campaign
              </button>
            </p>
          ) : null}
          {error ? (
            <p className={shell.formError} role="alert">
              {error}
            </p>
          ) : null}
          {campaigns === null && !error ? (
            <p className={shell.loading} role="status">
              Loading campaigns…
            </p>
          ) : null}
          {campaigns ? (
            <DataTable
              rows={campaigns}
              rowKey={(campaign) => campaign.campaignId}
              pageSize={50}
              columns={[
                {
                  header: 'Code',
                  rowHeader: true,
                  cell: (campaign) => (
                    <button
                      type="button"
                      className={shell.link}
                      onClick={() => setView({ kind: 'one', campaignId: campaign.campaignId })}
                    >
                      {campaign.campaignCode}
                    </button>
                  ),
                  sortValue: (campaign) => campaign.campaignCode,
                },
                {
                  header: 'Name',
                  cell: (campaign) => campaign.campaignName,
                  sortValue: (campaign) => campaign.campaignName,
                },
                {
                  header: 'Market',
                  cell: (campaign) => MARKETS[campaign.country],
                  sortValue: (campaign) => MARKETS[campaign.country] ?? campaign.country,
                },
                {
                  header: 'Product',
                  cell: (campaign) => PRODUCTS[campaign.productCode],
                  sortValue: (campaign) => PRODUCTS[campaign.productCode] ?? campaign.productCode,
                },
                {
                  header: 'Dates',
                  cell: (campaign) =>
                    `${staffCalendarDay(campaign.startDate)} to ${staffCalendarDay(campaign.endDate)}`,
                  sortValue: (campaign) => campaign.startDate,
                },
                {
                  header: 'Status',
                  cell: (campaign) => campaignState(campaign, now),
                  sortValue: (campaign) => campaignState(campaign, now),
                },
                { header: 'Discount', cell: (campaign) => discountText(campaign) },
                {
                  header: 'Codes used / made',
                  cell: (campaign) =>
                    `${campaign.codes.used} / ${campaign.codes.available + campaign.codes.reserved + campaign.codes.used}`,
                  numeric: true,
                  sortValue: (campaign) => campaign.codes.used,
                },
              ]}
            />
          ) : null}
        </section>
      )}
    </div>
  );
}
