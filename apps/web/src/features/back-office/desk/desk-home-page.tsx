import { type TDeskRangeAsked, ZDeskRangeAsked } from '@lionrock/domain/back-office/desk-requests';
import { useEffect, useState } from 'react';
import { RegisteredDateField } from '../../../components/ui/date-field-registered';
import shell from '../back-office.module.css';
import { DataTable } from '../data-table';
import { staffDay } from '../staff-dates';
import { FormField, useRefusalOnField, useStaffForm } from '../staff-form';
import { useStaffQuery } from '../staff-query';
import styles from './desk.module.css';
import { money, type TDeskWord, type TDeskWords, useDeskWords } from './desk-words';

type TGroup = { key: string; currency: string; sales: number; premiumCents: number; commissionCents: number };
type TTotal = Omit<TGroup, 'key'>;
type TSummary = {
  agentCode: string;
  agentName: string;
  registrationNo: string;
  currency: string;
  from: string;
  to: string;
  quotes: number;
  savedQuotes: number;
  sales: number;
  premiumCents: number;
  commissionCents: number;
  /** Per currency: the agent's own is the headline figures; another is never added to them. */
  totals: TTotal[];
  byPeriod: TGroup[];
  bySubAgent: TGroup[];
  byCampaign: TGroup[];
};
type TSale = {
  policyId: string;
  policyNumber: string;
  product: string;
  currency: string;
  customerName: string;
  maskedIdNumber: string;
  maskedEmail: string;
  premiumCents: number;
  commissionCents: number;
  subAgentCode: string | null;
  subAgentName: string | null;
  campaignCode: string | null;
  issuedDate: string;
};
type TRenewal = {
  policyId: string;
  policyNumber: string;
  product: string;
  customerName: string;
  endDate: string;
  autoRenewal: boolean;
};
type TClaim = {
  claimNumber: string;
  status: string;
  product: string;
  policyNumber: string;
  submittedAt: string | null;
  updatedAt: string;
};
type TDeskData = { summary: TSummary; sales: TSale[]; renewals: TRenewal[]; claims: TClaim[] };

/** The desk's home: the period's figures, the sales, commission by month, renewals due and claims. */
export default function DeskHomePage() {
  const { w, language } = useDeskWords();
  // Empty until the server answers its default range: today is the agent's market's, not the browser's.
  const form = useStaffForm<TDeskRangeAsked, TDeskRangeAsked>({
    defaultValues: { from: '', to: '' },
    schema: ZDeskRangeAsked,
    messages: (issue) => (issue.code === 'custom' ? w('rangeOrder') : w('dateNeeded')),
  });
  const { register, reset } = form;
  // The range last asked for: none at first (the server's default, in the agent's market), then the form's.
  const [range, setRange] = useState<{ from: string; to: string } | undefined>(undefined);
  const keep = { keepWhileLoading: true };
  const summary = useStaffQuery<TSummary>(
    `/desk/summary?${new URLSearchParams({ ...range, period: 'month' })}`,
    keep,
  );
  const sales = useStaffQuery<{ items: TSale[] }>(`/desk/sales?${new URLSearchParams(range)}`, keep);
  const renewals = useStaffQuery<{ items: TRenewal[] }>('/desk/renewals?within=60');
  const claims = useStaffQuery<{ items: TClaim[] }>('/desk/claims');
  const answers = [summary, sales, renewals, claims];
  const data: TDeskData | null =
    summary.data && sales.data && renewals.data && claims.data
      ? {
          summary: summary.data,
          sales: sales.data.items,
          renewals: renewals.data.items,
          claims: claims.data.items,
        }
      : null;
  const refused = answers.find((answer) => answer.error);
  const error = refused?.error ?? '';
  const busy = answers.some((answer) => answer.loading);
  // The form shows the range the figures are for.
  useEffect(() => {
    if (summary.data) reset({ from: summary.data.from, to: summary.data.to });
  }, [summary.data, reset]);
  // A refused day (`from`) is said on its field (decision 123).
  const placed = useRefusalOnField(form, {
    field: refused?.refusedField ?? null,
    message: refused?.error ?? null,
  });

  const submit = form.submitWith(async (asked) => {
    // The same range again asks again; a new one is a new question.
    if (range?.from === asked.from && range.to === asked.to)
      for (const answer of answers) void answer.reload();
    else setRange(asked);
  });
  const currency = data?.summary.currency ?? '';
  const productName = (code: string) => w(`product.${code}` as TDeskWord);

  return (
    <section
      className={`${shell.card} ${shell.wideCard}`}
      lang={language}
      aria-labelledby="desk-heading"
      aria-busy={busy}
    >
      <h1 id="desk-heading" className={shell.heading}>
        {w('heading')}
      </h1>
      {data?.summary.registrationNo && (
        <p>
          {data.summary.agentName} ({data.summary.agentCode}) ·{' '}
          {w('registration', { no: data.summary.registrationNo })}
        </p>
      )}
      <form className={styles.range} onSubmit={submit} noValidate>
        <FormField form={form} name="from" label={w('from')}>
          {(props) => <RegisteredDateField {...props} label={w('from')} required {...register('from')} />}
        </FormField>
        <FormField form={form} name="to" label={w('to')}>
          {(props) => <RegisteredDateField {...props} label={w('to')} required {...register('to')} />}
        </FormField>
        <button className={shell.secondary} type="submit" disabled={busy}>
          {w('show')}
        </button>
      </form>
      {error && !placed && (
        <p className={shell.formError} role="alert">
          {error}
        </p>
      )}
      {busy && (
        <p className={shell.loading} role="status">
          {w('loading')}
        </p>
      )}
      {data && (
        <>
          <ul className={styles.cards}>
            <Stat label={w('quotes')} value={String(data.summary.quotes)} />
            <Stat label={w('savedQuotes')} value={String(data.summary.savedQuotes)} />
            <Stat label={w('sales')} value={String(data.summary.sales)} />
            <Stat label={w('premium')} value={money(data.summary.premiumCents, currency)} />
            <Stat
              label={w('commission')}
              value={money(data.summary.commissionCents, currency)}
              testId="desk-commission"
            />
          </ul>
          {data.summary.totals
            .filter((total) => total.currency !== currency)
            .map((total) => (
              <p key={total.currency} data-testid="desk-other-currency">
                {w('otherCurrency', {
                  sales: String(total.sales),
                  currency: total.currency,
                  premium: money(total.premiumCents, total.currency),
                  commission: money(total.commissionCents, total.currency),
                })}
              </p>
            ))}

          <h2>{w('salesTable')}</h2>
          {data.sales.length === 0 ? (
            <p>{w('noSales')}</p>
          ) : (
            <DataTable
              rowKey={(sale) => sale.policyId}
              rows={data.sales}
              columns={[
                { header: w('policyNumber'), cell: (sale) => sale.policyNumber, rowHeader: true },
                { header: w('product'), cell: (sale) => productName(sale.product) },
                { header: w('customer'), cell: (sale) => sale.customerName },
                { header: w('idNumber'), cell: (sale) => sale.maskedIdNumber },
                { header: w('email'), cell: (sale) => sale.maskedEmail },
                {
                  header: w('premium'),
                  cell: (sale) => money(sale.premiumCents, sale.currency),
                  numeric: true,
                },
                {
                  header: w('commission'),
                  cell: (sale) => money(sale.commissionCents, sale.currency),
                  numeric: true,
                },
                {
                  header: w('subAgent'),
                  cell: (sale) =>
                    sale.subAgentName
                      ? `${sale.subAgentName} (${sale.subAgentCode})`
                      : (sale.subAgentCode ?? w('none')),
                },
                { header: w('campaign'), cell: (sale) => sale.campaignCode ?? w('none') },
                { header: w('issued'), cell: (sale) => sale.issuedDate },
              ]}
            />
          )}

          <GroupTable caption={w('byMonth')} keyLabel={w('month')} groups={data.summary.byPeriod} w={w} />
          <GroupTable
            caption={w('bySubAgent')}
            keyLabel={w('subAgent')}
            groups={data.summary.bySubAgent}
            w={w}
          />
          <GroupTable
            caption={w('byCampaign')}
            keyLabel={w('campaign')}
            groups={data.summary.byCampaign}
            w={w}
          />

          <h2>{w('renewals')}</h2>
          {data.renewals.length === 0 ? (
            <p>{w('noRenewals')}</p>
          ) : (
            <DataTable
              rowKey={(renewal) => renewal.policyId}
              rows={data.renewals}
              columns={[
                { header: w('policyNumber'), cell: (renewal) => renewal.policyNumber, rowHeader: true },
                { header: w('product'), cell: (renewal) => productName(renewal.product) },
                { header: w('customer'), cell: (renewal) => renewal.customerName },
                { header: w('endDate'), cell: (renewal) => renewal.endDate },
                { header: w('autoRenewal'), cell: (renewal) => (renewal.autoRenewal ? w('on') : w('off')) },
              ]}
            />
          )}

          <h2>{w('claims')}</h2>
          {data.claims.length === 0 ? (
            <p>{w('noClaims')}</p>
          ) : (
            <DataTable
              rowKey={(claim) => claim.claimNumber}
              rows={data.claims}
              columns={[
                { header: w('claimNumber'), cell: (claim) => claim.claimNumber, rowHeader: true },
                { header: w('policyNumber'), cell: (claim) => claim.policyNumber },
                { header: w('status'), cell: (claim) => claim.status },
                {
                  header: w('submitted'),
                  cell: (claim) => (claim.submittedAt ? staffDay(claim.submittedAt) : w('none')),
                },
                { header: w('updated'), cell: (claim) => staffDay(claim.updatedAt) },
              ]}
            />
          )}
        </>
      )}
    </section>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <li className={styles.stat} data-testid={testId}>
      <div className={styles.statLabel}>{label}</div>
      <div className={styles.statValue}>{value}</div>
    </li>
  );
}

function GroupTable(props: { caption: string; keyLabel: string; groups: TGroup[]; w: TDeskWords }) {
  const { caption, keyLabel, groups, w } = props;
  if (groups.length === 0) return null;
  return (
    <DataTable
      caption={<h2>{caption}</h2>}
      rowKey={(group) => group.key}
      rows={groups}
      columns={[
        { header: keyLabel, cell: (group) => group.key || w('none'), rowHeader: true },
        { header: w('sales'), cell: (group) => group.sales, numeric: true },
        { header: w('premium'), cell: (group) => money(group.premiumCents, group.currency), numeric: true },
        {
          header: w('commission'),
          cell: (group) => money(group.commissionCents, group.currency),
          numeric: true,
        },
      ]}
    />
  );
}
