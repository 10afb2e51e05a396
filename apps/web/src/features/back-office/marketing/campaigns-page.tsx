import {
  CAMPAIGN_COUNTRIES,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_PRODUCTS,
  CAMPAIGN_STATUSES,
  MAX_CODES_PER_BATCH,
  MAX_DISCOUNT_BASIS_POINTS,
  MAX_DISCOUNT_CENTS,
  PROMO_CODE_MIN_LENGTH,
  PROMO_PREFIX_MAX_LENGTH,
  type TCampaignInput,
} from '@lionrock/domain/back-office/campaign-rules';
import {
  type TCampaignCodeAdd,
  type TCampaignCodesMake,
  type TCampaignRequest,
  ZCampaignCodeAdd,
  ZCampaignCodesMake,
  ZCampaignRequest,
} from '@lionrock/domain/back-office/marketing-requests';
import { PROMO_CODE_MAX_LENGTH } from '@lionrock/domain/campaign/promo-rules';
import { type ReactNode, useId, useState } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import shell from '../back-office.module.css';
import { BACK_OFFICE_API, backOfficeCall } from '../back-office-api';
import styles from '../data-screen.module.css';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { staffCalendarDay, staffMoment } from '../staff-dates';
import { FormField, FormMessages, type TFormIssue, type TStaffForm, useStaffForm } from '../staff-form';
import { useStaffQuery } from '../staff-query';
import { CampaignImage } from './campaign-image';

/**
 * Marketing's campaigns and promo codes (issue 18): the list, a campaign's form with every spec field
 * (checked with the domain's `ZCampaignRequest` before sending, and by the server again), its codes made
 * in bulk or typed, the CSV, and the audit trail beside it. Staff screens are English only.
 */
type TCampaign = TCampaignInput & {
  campaignId: number;
  codes: { available: number; reserved: number; used: number };
  updatedBy: string;
};
type TAuditEntry = { at: string; actor: string; action: string; before: unknown; after: unknown };

const PRODUCTS: Record<string, string> = { PTR: 'Travel', PAN: 'Personal accident', PHM: 'Home' };
const MARKETS: Record<string, string> = { SGP: 'Singapore', HKG: 'Hong Kong' };

/**
 * The campaign form's values: the request's, but the discount and the voucher as typed (basis points or
 * cents, the voucher empty for none) and the promo code's two fields as one choice.
 */
type TCampaignForm = Omit<
  TCampaignInput,
  'discountValue' | 'voucherCents' | 'promoCodeRequired' | 'promoCodeReusability'
> & {
  discountValue: string;
  voucherCents: string;
  promoCode: 'NONE' | 'REUSABLE' | 'SINGLE_USE';
};

/** The campaign form's choices (selects). */
type TChoice = 'country' | 'productCode' | 'status' | 'discountType' | 'promoCode';

/** The form's values of a saved campaign (or of a new one: `EMPTY`). */
function campaignForm(campaign: TCampaignInput): TCampaignForm {
  return {
    campaignCode: campaign.campaignCode,
    campaignName: campaign.campaignName,
    status: campaign.status,
    productCode: campaign.productCode,
    country: campaign.country,
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    marketingMessage: campaign.marketingMessage,
    marketingMessageCn: campaign.marketingMessageCn,
    promoCode: campaign.promoCodeRequired ? campaign.promoCodeReusability : 'NONE',
    promoCodeDescription: campaign.promoCodeDescription,
    promoCodeDescriptionCn: campaign.promoCodeDescriptionCn,
    discountType: campaign.discountType,
    discountValue: String(campaign.discountValue),
    termsConditionsEn: campaign.termsConditionsEn,
    termsConditionsCn: campaign.termsConditionsCn,
    voucherCents: campaign.voucherCents === null ? '' : String(campaign.voucherCents),
    voucherDescription: campaign.voucherDescription,
    voucherDescriptionCn: campaign.voucherDescriptionCn,
  };
}

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

/** A whole number as typed; nothing typed is no number (the schema says so, not 0). */
const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The request the campaign form sends: the discount and voucher as numbers, the promo code's two fields. */
function toCampaignRequest(values: TCampaignForm): unknown {
  const { discountValue, voucherCents, promoCode, ...rest } = values;
  return {
    ...rest,
    promoCodeRequired: promoCode !== 'NONE',
    promoCodeReusability: promoCode === 'SINGLE_USE' ? 'SINGLE_USE' : 'REUSABLE',
    discountValue: typedNumber(discountValue),
    voucherCents: voucherCents.trim() === '' ? null : typedNumber(voucherCents),
  };
}

/** The campaign form's words for each problem, by the request's path (and the problem's kind). */
const CAMPAIGN_MESSAGES: Partial<Record<string, string>> = {
  campaignCode: 'Use 3 to 20 capital letters and digits.',
  campaignName: `Give the campaign a name of at most ${CAMPAIGN_NAME_MAX} characters.`,
  startDate: 'Enter a real date.',
  endDate: 'Enter a real date.',
  'endDate:custom': 'The campaign must end on or after its first day.',
  discountValue: 'Enter a whole number, 0 or more.',
  voucherCents: 'A voucher is a whole number of cents above 0, or none.',
  'voucherDescription:custom': 'Say what the voucher is.',
  'termsConditionsEn:invalid_format': 'Write the terms in English.',
  'termsConditionsCn:invalid_format': 'Write the terms in Chinese.',
  'promoCodeDescription:custom': 'Tell customers where their code comes from.',
};

function campaignProblem(issue: TFormIssue): string | undefined {
  if (issue.path === 'discountValue' && issue.code === 'too_big')
    return issue.maximum === MAX_DISCOUNT_CENTS
      ? `An amount off is at most ${(MAX_DISCOUNT_CENTS / 100).toFixed(2)}.`
      : `A percentage discount is at most ${MAX_DISCOUNT_BASIS_POINTS / 100}%.`;
  return CAMPAIGN_MESSAGES[`${issue.path}:${issue.code}`] ?? CAMPAIGN_MESSAGES[issue.path];
}

function discountText(campaign: TCampaignInput): string {
  return campaign.discountType === 'PERCENT'
    ? `${campaign.discountValue / 100}%`
    : `${(campaign.discountValue / 100).toFixed(2)} off`;
}

function CampaignForm({
  initial,
  campaignId,
  onSaved,
  onCancel,
}: {
  initial: TCampaignInput;
  campaignId: number | null;
  onSaved: (campaignId: number) => void;
  onCancel: () => void;
}) {
  const defaults = campaignForm(initial);
  const form = useStaffForm<TCampaignForm, TCampaignRequest>({
    defaultValues: defaults,
    schema: ZCampaignRequest,
    toRequest: toCampaignRequest,
    messages: campaignProblem,
    // The server names the request's fields; the promo code's two are the form's one choice.
    aliases: { promoCodeRequired: 'promoCode', promoCodeReusability: 'promoCode' },
  });
  const { register } = form;
  const saving = form.formState.isSubmitting;
  const send = form.submitWith(async (request) => {
    const answer = await backOfficeCall<{ campaignId: number }>(
      campaignId === null ? 'POST' : 'PUT',
      campaignId === null ? '/admin/campaigns' : `/admin/campaigns/${campaignId}`,
      request,
    );
    onSaved(answer.campaignId);
  });
  const text = (
    name: Path<TCampaignForm>,
    label: string,
    options: { wide?: boolean; area?: boolean; hint?: string } = {},
  ) => (
    <FormField
      form={form}
      name={name}
      label={label}
      hint={options.hint}
      className={options.wide ? styles.wide : undefined}
    >
      {(control) =>
        options.area ? (
          <textarea {...control} rows={3} {...register(name)} />
        ) : (
          <input {...control} {...register(name)} />
        )
      }
    </FormField>
  );

  const choice = (name: TChoice, label: string, options: readonly (readonly [string, string])[]) => (
    <FormField form={form} name={name} label={label}>
      {(control) => (
        // The saved choice is React's default as well: react-hook-form keeps the shown option of a
        // select that looks changed (every select does where `size` is missing, as in jsdom).
        <select {...control} defaultValue={defaults[name]} {...register(name)}>
          {options.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );

  return (
    <form className={styles.card} onSubmit={send} noValidate aria-busy={saving}>
      <h2 className={shell.heading}>
        {campaignId === null ? 'New campaign' : `Edit ${initial.campaignCode}`}
      </h2>
      <div className={styles.grid}>
        {text('campaignCode', 'Campaign code', { hint: '3 to 20 capitals and digits; it appears in links' })}
        {text('campaignName', 'Name')}
        {choice(
          'country',
          'Market',
          CAMPAIGN_COUNTRIES.map((country) => [country, MARKETS[country] ?? country]),
        )}
        {choice(
          'productCode',
          'Product',
          CAMPAIGN_PRODUCTS.map((product) => [product, PRODUCTS[product] ?? product]),
        )}
        {choice(
          'status',
          'Status',
          CAMPAIGN_STATUSES.map((status) => [status, status === 'ACTIVE' ? 'Active' : 'Inactive']),
        )}
        <FormField form={form} name="startDate" label="First day">
          {(control) => <input {...control} type="date" {...register('startDate')} />}
        </FormField>
        <FormField form={form} name="endDate" label="Last day">
          {(control) => <input {...control} type="date" {...register('endDate')} />}
        </FormField>
        {choice('discountType', 'Discount kind', [
          ['PERCENT', 'Percentage (basis points: 1500 = 15%)'],
          ['AMOUNT', 'Amount off (cents)'],
        ])}
        <FormField form={form} name="discountValue" label="Discount">
          {(control) => <input {...control} inputMode="numeric" {...register('discountValue')} />}
        </FormField>
        {text('marketingMessage', 'Banner message (English)', { wide: true })}
        {text('marketingMessageCn', 'Banner message (Chinese)', { wide: true })}
        {choice('promoCode', 'Promo code', [
          ['NONE', 'Not needed'],
          ['REUSABLE', 'Needed: one code for everyone'],
          ['SINGLE_USE', 'Needed: single-use codes'],
        ])}
        {text('promoCodeDescription', 'Where the code comes from (English)')}
        {text('promoCodeDescriptionCn', 'Where the code comes from (Chinese)')}
        {text('termsConditionsEn', 'Terms and conditions (English)', { wide: true, area: true })}
        {text('termsConditionsCn', 'Terms and conditions (Chinese)', { wide: true, area: true })}
        <FormField form={form} name="voucherCents" label="Voucher per policy (cents, optional)">
          {(control) => <input {...control} inputMode="numeric" {...register('voucherCents')} />}
        </FormField>
        {text('voucherDescription', 'Voucher (English)')}
        {text('voucherDescriptionCn', 'Voucher (Chinese)')}
      </div>
      <FormMessages form={form} />
      <div className={styles.formRow}>
        <button type="submit" className={shell.primary} disabled={saving}>
          {saving ? 'Saving…' : 'Save campaign'}
        </button>
        <button type="button" className={shell.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Said once codes are added: how many. */
const addedText = ({ added }: { added: number }) => `${added} ${added === 1 ? 'code' : 'codes'} added.`;

/**
 * A form adding codes to a campaign (made in bulk or typed): its fields, then its button; how many were
 * added is said, and the campaign's counts are loaded again.
 */
function CampaignCodesForm<TForm extends FieldValues, TRequest>({
  form,
  campaignId,
  onChanged,
  button,
  children,
}: {
  form: TStaffForm<TForm, TRequest>;
  campaignId: number;
  onChanged: () => void;
  button: string;
  children: ReactNode;
}) {
  const busy = form.formState.isSubmitting;
  const send = form.submitWith(async (request) => {
    const answer = await backOfficeCall<{ added: number }>(
      'POST',
      `/admin/campaigns/${campaignId}/codes`,
      request,
    );
    onChanged();
    return addedText(answer);
  });
  return (
    <form className={styles.formRow} onSubmit={send} noValidate aria-busy={busy}>
      {children}
      <button type="submit" className={shell.primary} disabled={busy}>
        {busy ? 'Adding…' : button}
      </button>
      <FormMessages form={form} />
    </form>
  );
}

/** A single-use campaign's codes, made in bulk (the count typed as text, sent as a number). */
function MakeCodesForm({ campaignId, onChanged }: { campaignId: number; onChanged: () => void }) {
  const form = useStaffForm<{ count: string; prefix: string }, TCampaignCodesMake>({
    defaultValues: { count: '100', prefix: '' },
    schema: ZCampaignCodesMake,
    toRequest: ({ count, prefix }) => ({ count: typedNumber(count), prefix }),
    messages: {
      count: `Enter a whole number from 1 to ${MAX_CODES_PER_BATCH}.`,
      prefix: `A prefix is up to ${PROMO_PREFIX_MAX_LENGTH} capital letters or digits.`,
    },
  });
  return (
    <CampaignCodesForm form={form} campaignId={campaignId} onChanged={onChanged} button="Make codes">
      <FormField form={form} name="count" label={`How many single-use codes (1 to ${MAX_CODES_PER_BATCH})`}>
        {(control) => <input {...control} inputMode="numeric" {...form.register('count')} />}
      </FormField>
      <FormField form={form} name="prefix" label={`Prefix (optional, up to ${PROMO_PREFIX_MAX_LENGTH})`}>
        {(control) => <input {...control} maxLength={PROMO_PREFIX_MAX_LENGTH} {...form.register('prefix')} />}
      </FormField>
    </CampaignCodesForm>
  );
}

/** A reusable campaign's one code, as marketing types it. */
function AddCodeForm({ campaignId, onChanged }: { campaignId: number; onChanged: () => void }) {
  const form = useStaffForm<TCampaignCodeAdd, TCampaignCodeAdd>({
    defaultValues: { code: '' },
    schema: ZCampaignCodeAdd,
    messages: {
      code: `A code is ${PROMO_CODE_MIN_LENGTH} to ${PROMO_CODE_MAX_LENGTH} capital letters or digits.`,
    },
  });
  return (
    <CampaignCodesForm form={form} campaignId={campaignId} onChanged={onChanged} button="Add code">
      <FormField form={form} name="code" label="Code for everyone">
        {(control) => <input {...control} maxLength={PROMO_CODE_MAX_LENGTH} {...form.register('code')} />}
      </FormField>
    </CampaignCodesForm>
  );
}

function Codes({ campaign, onChanged }: { campaign: TCampaign; onChanged: () => void }) {
  const id = useId();
  // Only marketing changes campaigns; operations and read-only accounts see them (the server's guard).
  const mayChange = useCan('marketing.write');
  const CodesForm = campaign.promoCodeReusability === 'SINGLE_USE' ? MakeCodesForm : AddCodeForm;
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 className={shell.heading} id={`${id}-title`}>
        Promo codes
      </h2>
      <p>
        {campaign.codes.available} available, {campaign.codes.reserved} held for a payment,{' '}
        {campaign.codes.used} used.{' '}
        <a
          className={shell.link}
          href={`${BACK_OFFICE_API}/admin/campaigns/${campaign.campaignId}/codes.csv`}
          download
        >
          Download the codes (CSV)
        </a>
      </p>
      {mayChange ? <CodesForm campaignId={campaign.campaignId} onChanged={onChanged} /> : null}
    </section>
  );
}

function CampaignDetail({ campaignId, onBack }: { campaignId: number; onBack: () => void }) {
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

export default function CampaignsPage() {
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
