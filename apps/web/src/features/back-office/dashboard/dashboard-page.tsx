import { type TDashboardQuery, ZDashboardQuery } from '@lionrock/domain/back-office/dashboard-requests';
import {
  DASHBOARD_MARKETS,
  DASHBOARD_MAX_RANGE_DAYS,
  DASHBOARD_PRODUCTS,
  FUNNEL_STEP_LABELS,
  type TFunnelStep,
} from '@lionrock/domain/back-office/dashboard-rules';
import { useEffect, useState } from 'react';
import { RegisteredDateField } from '../../../components/ui/date-field-registered';
import shell from '../back-office.module.css';
import { staffCalendarDay } from '../staff-dates';
import { FormField, FormMessages, type TFormIssue, useRefusalOnField, useStaffForm } from '../staff-form';
import { useStaffQuery } from '../staff-query';
import { DayBars, HorizontalBars, type TColumn } from './charts';
import styles from './dashboard.module.css';

type TMoney = Record<string, number>;
type TGroup = { key: string; label: string; sales: number; premiumCents: TMoney };
type TDay = { date: string; quotes: number; sales: number; premiumCents: TMoney };
type TFunnel = { product: string; label: string; steps: { step: TFunnelStep; count: number }[] };
type TDashboard = {
  from: string;
  to: string;
  currencies: string[];
  totals: { quotes: number; sales: number; premiumCents: TMoney };
  days: TDay[];
  funnel: TFunnel[];
  byProduct: TGroup[];
  byMarket: TGroup[];
  byChannel: TGroup[];
  byAgent: TGroup[];
  byCampaign: TGroup[];
};

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-SG', { style: 'currency', currency }).format(cents / 100);
}

/** Amounts per currency, side by side (SGD and HKD are never added). */
function moneyText(amounts: TMoney): string {
  const entries = Object.entries(amounts);
  return entries.length === 0 ? '0' : entries.map(([currency, cents]) => money(cents, currency)).join(' + ');
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`;
}

function groupColumns(currencies: string[], first: string): TColumn<TGroup>[] {
  return [
    { header: first, value: (group) => group.label },
    { header: 'Sales', value: (group) => String(group.sales), number: true },
    ...currencies.map((currency) => ({
      header: `Premium ${currency}`,
      value: (group: TGroup) => money(group.premiumCents[currency] ?? 0, currency),
      number: true,
    })),
  ];
}

function groupSummary(groups: TGroup[], what: string): string {
  if (groups.length === 0) return `No sales in the range, so none by ${what}.`;
  const top = groups[0]!;
  return `${plural(groups.length, what)} with sales; the most: ${top.label}, ${plural(top.sales, 'sale')} (${moneyText(top.premiumCents)}).`;
}

function GroupChart(props: {
  id: string;
  title: string;
  what: string;
  groups: TGroup[];
  currencies: string[];
}) {
  return (
    <HorizontalBars
      id={props.id}
      title={props.title}
      summary={groupSummary(props.groups, props.what)}
      bars={props.groups.map((group) => ({
        label: group.label,
        value: group.sales,
        text: `${group.sales} · ${moneyText(group.premiumCents)}`,
      }))}
      rows={props.groups}
      columns={groupColumns(props.currencies, props.what[0]!.toUpperCase() + props.what.slice(1))}
    />
  );
}

const FILTERS = ['from', 'to', 'product', 'market'] as const;
type TFilter = (typeof FILTERS)[number];
/** What the filters' form holds: the range's days and the codes chosen, blank for all. */
type TFilterValues = Record<TFilter, string>;

/** The question the filters make: the range as chosen (both days needed), a blank filter not asked for. */
const questionOf = ({ from, to, product, market }: TFilterValues) => ({
  from,
  to,
  product: product || undefined,
  market: market || undefined,
});

/** Words for the filters' problems, by field or by field and kind of problem. */
const FILTER_PROBLEMS: Record<string, string> = {
  from: 'Enter the first day of the range.',
  to: 'Enter the last day of the range.',
  'from:custom': 'The range starts after it ends.',
  'from:too_big': `A range covers at most ${DASHBOARD_MAX_RANGE_DAYS} days.`,
};
const filterProblem = (issue: TFormIssue) =>
  FILTER_PROBLEMS[`${issue.path}:${issue.code}`] ?? FILTER_PROBLEMS[issue.path];

/**
 * The managers' dashboard (issue 18, decision 084): quotes and sales per day, the funnel per product
 * and sales by product, market, channel, agent and campaign for a date range, as charts with their
 * numbers.
 */
export default function DashboardPage() {
  // The question last asked: none at first (the server's default range), then the form's.
  const [asked, setAsked] = useState<TDashboardQuery>({});
  const path = `/admin/dashboard?${new URLSearchParams(
    Object.entries(asked).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )}`;
  const answer = useStaffQuery<TDashboard>(path, { keepWhileLoading: true });
  const data = answer.data;
  const busy = answer.loading;
  const form = useStaffForm<TFilterValues, TDashboardQuery>({
    defaultValues: { from: '', to: '', product: '', market: '' },
    schema: ZDashboardQuery,
    toRequest: questionOf,
    messages: filterProblem,
  });
  const { register, setValue } = form;
  // The form shows the range the figures are for (the server fills in a range not given).
  useEffect(() => {
    if (!answer.data) return;
    setValue('from', answer.data.from);
    setValue('to', answer.data.to);
  }, [answer.data, setValue]);

  // The same question again asks again; a new one is a new question.
  const submit = form.submitWith(async (question) => {
    if (JSON.stringify(question) === JSON.stringify(asked)) await answer.reload();
    else setAsked(question);
  });

  // A refusal naming one of the filters is said on that filter (decision 123).
  const placed = useRefusalOnField(form, { field: answer.refusedField, message: answer.error });
  const error = placed ? '' : (answer.error ?? '');
  const currencies = data?.currencies ?? [];
  const dayColumns = (figure: 'quotes' | 'sales'): TColumn<TDay>[] => [
    { header: 'Date', value: (day) => staffCalendarDay(day.date) },
    { header: figure === 'quotes' ? 'Quotes' : 'Sales', value: (day) => String(day[figure]), number: true },
    ...(figure === 'sales'
      ? currencies.map((currency) => ({
          header: `Premium ${currency}`,
          value: (day: TDay) => money(day.premiumCents[currency] ?? 0, currency),
          number: true,
        }))
      : []),
  ];

  /** A filter of codes, blank for all of them. */
  const choice = (name: 'product' | 'market', label: string, all: string, codes: Record<string, string>) => (
    <FormField form={form} name={name} label={label}>
      {(control) => (
        <select {...control} {...register(name)}>
          <option value="">{all}</option>
          {Object.entries(codes).map(([code, words]) => (
            <option key={code} value={code}>
              {words}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );

  return (
    <section
      className={`${shell.card} ${shell.wideCard}`}
      aria-labelledby="dashboard-heading"
      aria-busy={busy}
    >
      <h1 id="dashboard-heading" className={shell.heading}>
        Dashboard
      </h1>
      <form className={styles.filters} onSubmit={submit} noValidate aria-label="Date range and filters">
        <FormField form={form} name="from" label="From">
          {(control) => <RegisteredDateField {...control} label="From" {...register('from')} />}
        </FormField>
        <FormField form={form} name="to" label="To">
          {(control) => <RegisteredDateField {...control} label="To" {...register('to')} />}
        </FormField>
        {choice('product', 'Product', 'All products', DASHBOARD_PRODUCTS)}
        {choice('market', 'Market', 'All markets', DASHBOARD_MARKETS)}
        <button className={shell.secondary} type="submit" disabled={busy}>
          Show
        </button>
        <FormMessages form={form} />
      </form>
      <p className={shell.hint}>
        Dates are the market's own (Singapore and Hong Kong time); a range covers at most{' '}
        {DASHBOARD_MAX_RANGE_DAYS} days.
      </p>
      {error && (
        <p className={shell.formError} role="alert">
          {error}
        </p>
      )}
      {busy && (
        <p className={shell.loading} role="status">
          Loading the figures…
        </p>
      )}
      {data && (
        <>
          <ul className={styles.cards} aria-label="Totals">
            <li className={styles.stat}>
              <span className={styles.statLabel}>Quotes</span>
              <span className={styles.statValue}>{data.totals.quotes}</span>
            </li>
            <li className={styles.stat}>
              <span className={styles.statLabel}>Sales</span>
              <span className={styles.statValue} data-testid="dashboard-sales">
                {data.totals.sales}
              </span>
            </li>
            <li className={styles.stat}>
              <span className={styles.statLabel}>Conversion</span>
              <span className={styles.statValue}>{percent(data.totals.sales, data.totals.quotes)}</span>
            </li>
            {Object.entries(data.totals.premiumCents).map(([currency, cents]) => (
              <li key={currency} className={styles.stat}>
                <span className={styles.statLabel}>Premium {currency}</span>
                <span className={styles.statValue}>{money(cents, currency)}</span>
              </li>
            ))}
          </ul>
          <div className={styles.charts}>
            <DayBars
              id="quotes-per-day"
              title="Quotes per day"
              summary={`${plural(data.totals.quotes, 'quote')} from ${staffCalendarDay(data.from)} to ${staffCalendarDay(data.to)}; the busiest day had ${Math.max(0, ...data.days.map((day) => day.quotes))}.`}
              days={data.days}
              value={(day) => day.quotes}
              columns={dayColumns('quotes')}
            />
            <DayBars
              id="sales-per-day"
              title="Sales per day"
              summary={`${plural(data.totals.sales, 'sale')} from ${staffCalendarDay(data.from)} to ${staffCalendarDay(data.to)}, ${moneyText(data.totals.premiumCents)} premium; the best day had ${Math.max(0, ...data.days.map((day) => day.sales))}.`}
              days={data.days}
              value={(day) => day.sales}
              columns={dayColumns('sales')}
            />
            {data.funnel.length === 0 ? (
              <figure className={styles.chart}>
                <h2>Funnel</h2>
                <p className={styles.summary}>No visits or quotes in the range.</p>
              </figure>
            ) : (
              data.funnel.map((funnel) => {
                const count = (step: TFunnelStep) =>
                  funnel.steps.find((each) => each.step === step)?.count ?? 0;
                const landing = count('landing');
                const quoteForm = count('quoteForm');
                const quoted = count('quoted');
                const issued = count('issued');
                // Landing and quote form are visit counts; the later steps follow the range's quotes.
                const base = (step: TFunnelStep) =>
                  step === 'landing' || step === 'quoteForm' ? landing : quoted;
                return (
                  <HorizontalBars
                    key={funnel.product}
                    id={`funnel-${funnel.product}`}
                    title={`Funnel: ${funnel.label}`}
                    summary={`${plural(landing, 'landing visit')} and ${plural(quoteForm, 'quote form visit')} (counted visits, not the same people); of ${plural(quoted, 'quote')}, ${issued} issued (${percent(issued, quoted)}).`}
                    accent
                    bars={funnel.steps.map((step) => ({
                      label: FUNNEL_STEP_LABELS[step.step],
                      value: step.count,
                      text: `${step.count} (${percent(step.count, base(step.step))})`,
                    }))}
                    rows={funnel.steps}
                    columns={[
                      { header: 'Step', value: (step) => FUNNEL_STEP_LABELS[step.step] },
                      { header: 'Count', value: (step) => String(step.count), number: true },
                      {
                        header: 'Of landings (visits) or of quotes',
                        value: (step) => percent(step.count, base(step.step)),
                        number: true,
                      },
                    ]}
                  />
                );
              })
            )}
            {data.funnel.length > 0 && (
              <p className={styles.summary} data-testid="funnel-note">
                Landing counts the landing pages served (people, not crawlers) and Quote form the quote pages
                reached, per day: they are visit counts, not the same customers followed through, so a later
                step can be larger than an earlier one. Quoted to Issued follow the quotes made in the range.
              </p>
            )}
            <GroupChart
              id="by-product"
              title="Sales by product"
              what="product"
              groups={data.byProduct}
              currencies={currencies}
            />
            <GroupChart
              id="by-market"
              title="Sales by market"
              what="market"
              groups={data.byMarket}
              currencies={currencies}
            />
            <GroupChart
              id="by-channel"
              title="Sales by channel"
              what="channel"
              groups={data.byChannel}
              currencies={currencies}
            />
            <GroupChart
              id="by-agent"
              title="Sales by agent"
              what="agent"
              groups={data.byAgent}
              currencies={currencies}
            />
            <GroupChart
              id="by-campaign"
              title="Sales by campaign"
              what="campaign"
              groups={data.byCampaign}
              currencies={currencies}
            />
          </div>
        </>
      )}
    </section>
  );
}
