import {
  CAMPAIGN_COUNTRIES,
  CAMPAIGN_PRODUCTS,
  CAMPAIGN_STATUSES,
  campaignErrors,
  MAX_CODES_PER_BATCH,
  type TCampaignErrors,
  type TCampaignInput,
} from '@lionrock/domain/back-office/campaign-rules';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import shell from '../back-office.module.css';
import { BACK_OFFICE_API, BackOfficeError, backOfficeCall } from '../back-office-api';
import styles from '../data-screen.module.css';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { staffCalendarDay, staffMoment } from '../staff-dates';
import { useStaffQuery } from '../staff-query';
import { CampaignImage } from './campaign-image';

/**
 * Marketing's campaigns and promo codes (issue 18): the list, a campaign's form with every spec field
 * (the domain's campaign rules checked before sending, and by the server again), its codes made in
 * bulk or typed, the CSV, and the audit trail beside it. Staff screens are English only.
 */
type TCampaign = TCampaignInput & {
  campaignId: number;
  codes: { available: number; reserved: number; used: number };
  updatedBy: string;
};
type TAuditEntry = { at: string; actor: string; action: string; before: unknown; after: unknown };

const PRODUCTS: Record<string, string> = { PTR: 'Travel', PAN: 'Personal accident', PHM: 'Home' };
const MARKETS: Record<string, string> = { SGP: 'Singapore', HKG: 'Hong Kong' };
const problem = (error: unknown) =>
  error instanceof BackOfficeError ? error.message : 'Something went wrong. Please try again.';

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

function discountText(campaign: TCampaignInput): string {
  return campaign.discountType === 'PERCENT'
    ? `${campaign.discountValue / 100}%`
    : `${(campaign.discountValue / 100).toFixed(2)} off`;
}

function Field({
  id,
  label,
  error,
  hint,
  wide,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`${shell.field} ${wide ? styles.wide : ''}`}>
      <label className={shell.label} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className={shell.hint} id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className={shell.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
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
  const id = useId();
  const [value, setValue] = useState<TCampaignInput>(initial);
  const [errors, setErrors] = useState<TCampaignErrors>({});
  const [formError, setFormError] = useState('');
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof TCampaignInput>(key: K, next: TCampaignInput[K]) =>
    setValue((current) => ({ ...current, [key]: next }));
  const describe = (key: keyof TCampaignInput) =>
    errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${key}-error` } : {};
  const text = (
    key: keyof TCampaignInput,
    label: string,
    options: { wide?: boolean; area?: boolean; hint?: string } = {},
  ) => (
    <Field
      id={`${id}-${key}`}
      label={label}
      error={errors[key]}
      {...(options.hint ? { hint: options.hint } : {})}
      {...(options.wide ? { wide: true } : {})}
    >
      {options.area ? (
        <textarea
          id={`${id}-${key}`}
          className={shell.input}
          rows={3}
          value={String(value[key] ?? '')}
          onChange={(event) => set(key, event.target.value as never)}
          {...describe(key)}
        />
      ) : (
        <input
          id={`${id}-${key}`}
          className={shell.input}
          value={String(value[key] ?? '')}
          onChange={(event) => set(key, event.target.value as never)}
          {...describe(key)}
        />
      )}
    </Field>
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = campaignErrors(value);
    setErrors(checked);
    setFormError('');
    const first = Object.keys(checked)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const answer = await backOfficeCall<{ campaignId: number }>(
        campaignId === null ? 'POST' : 'PUT',
        campaignId === null ? '/admin/campaigns' : `/admin/campaigns/${campaignId}`,
        value,
      );
      onSaved(answer.campaignId);
    } catch (caught) {
      if (caught instanceof BackOfficeError && caught.field && caught.field in EMPTY)
        setErrors({ [caught.field]: caught.message });
      else setFormError(problem(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-busy={saving}>
      <h2 className={shell.heading}>
        {campaignId === null ? 'New campaign' : `Edit ${initial.campaignCode}`}
      </h2>
      <div className={styles.grid}>
        {text('campaignCode', 'Campaign code', { hint: '3 to 20 capitals and digits; it appears in links' })}
        {text('campaignName', 'Name')}
        <Field id={`${id}-country`} label="Market">
          <select
            id={`${id}-country`}
            className={shell.input}
            value={value.country}
            onChange={(event) => set('country', event.target.value as TCampaignInput['country'])}
          >
            {CAMPAIGN_COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {MARKETS[country]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-productCode`} label="Product">
          <select
            id={`${id}-productCode`}
            className={shell.input}
            value={value.productCode}
            onChange={(event) => set('productCode', event.target.value as TCampaignInput['productCode'])}
          >
            {CAMPAIGN_PRODUCTS.map((product) => (
              <option key={product} value={product}>
                {PRODUCTS[product]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-status`} label="Status">
          <select
            id={`${id}-status`}
            className={shell.input}
            value={value.status}
            onChange={(event) => set('status', event.target.value as TCampaignInput['status'])}
          >
            {CAMPAIGN_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status === 'ACTIVE' ? 'Active' : 'Inactive'}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-startDate`} label="First day" error={errors.startDate}>
          <input
            id={`${id}-startDate`}
            type="date"
            className={shell.input}
            value={value.startDate}
            onChange={(event) => set('startDate', event.target.value)}
            {...describe('startDate')}
          />
        </Field>
        <Field id={`${id}-endDate`} label="Last day" error={errors.endDate}>
          <input
            id={`${id}-endDate`}
            type="date"
            className={shell.input}
            value={value.endDate}
            onChange={(event) => set('endDate', event.target.value)}
            {...describe('endDate')}
          />
        </Field>
        <Field id={`${id}-discountType`} label="Discount kind">
          <select
            id={`${id}-discountType`}
            className={shell.input}
            value={value.discountType}
            onChange={(event) => set('discountType', event.target.value as TCampaignInput['discountType'])}
          >
            <option value="PERCENT">Percentage (basis points: 1500 = 15%)</option>
            <option value="AMOUNT">Amount off (cents)</option>
          </select>
        </Field>
        <Field id={`${id}-discountValue`} label="Discount" error={errors.discountValue}>
          <input
            id={`${id}-discountValue`}
            inputMode="numeric"
            className={shell.input}
            value={String(value.discountValue)}
            onChange={(event) => set('discountValue', Number(event.target.value))}
            {...describe('discountValue')}
          />
        </Field>
        {text('marketingMessage', 'Banner message (English)', { wide: true })}
        {text('marketingMessageCn', 'Banner message (Chinese)', { wide: true })}
        <Field id={`${id}-promoCodeRequired`} label="Promo code">
          <select
            id={`${id}-promoCodeRequired`}
            className={shell.input}
            value={value.promoCodeRequired ? value.promoCodeReusability : 'NONE'}
            onChange={(event) => {
              const choice = event.target.value;
              set('promoCodeRequired', choice !== 'NONE');
              set('promoCodeReusability', choice === 'SINGLE_USE' ? 'SINGLE_USE' : 'REUSABLE');
            }}
          >
            <option value="NONE">Not needed</option>
            <option value="REUSABLE">Needed: one code for everyone</option>
            <option value="SINGLE_USE">Needed: single-use codes</option>
          </select>
        </Field>
        {text('promoCodeDescription', 'Where the code comes from (English)')}
        {text('promoCodeDescriptionCn', 'Where the code comes from (Chinese)')}
        {text('termsConditionsEn', 'Terms and conditions (English)', { wide: true, area: true })}
        {text('termsConditionsCn', 'Terms and conditions (Chinese)', { wide: true, area: true })}
        <Field
          id={`${id}-voucherCents`}
          label="Voucher per policy (cents, optional)"
          error={errors.voucherCents}
        >
          <input
            id={`${id}-voucherCents`}
            inputMode="numeric"
            className={shell.input}
            value={value.voucherCents === null ? '' : String(value.voucherCents)}
            onChange={(event) =>
              set('voucherCents', event.target.value.trim() === '' ? null : Number(event.target.value))
            }
            {...describe('voucherCents')}
          />
        </Field>
        {text('voucherDescription', 'Voucher (English)')}
        {text('voucherDescriptionCn', 'Voucher (Chinese)')}
      </div>
      {formError ? (
        <p className={shell.formError} role="alert">
          {formError}
        </p>
      ) : null}
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

function Codes({ campaign, onChanged }: { campaign: TCampaign; onChanged: () => void }) {
  const id = useId();
  const [count, setCount] = useState('100');
  const [prefix, setPrefix] = useState('');
  const [code, setCode] = useState('');
  // Only marketing changes campaigns; operations and read-only accounts see them (the server's guard).
  const mayChange = useCan('marketing.write');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const singleUse = campaign.promoCodeReusability === 'SINGLE_USE';
  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    setDone('');
    try {
      const answer = await backOfficeCall<{ added: number }>(
        'POST',
        `/admin/campaigns/${campaign.campaignId}/codes`,
        singleUse
          ? { count: Number(count), prefix: prefix.trim().toUpperCase() }
          : { code: code.trim().toUpperCase() },
      );
      setDone(`${answer.added} ${answer.added === 1 ? 'code' : 'codes'} added.`);
      onChanged();
    } catch (caught) {
      setError(problem(caught));
    } finally {
      setBusy(false);
    }
  };
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
      {mayChange ? (
        <form className={styles.formRow} onSubmit={add} noValidate aria-busy={busy}>
          {singleUse ? (
            <>
              <Field id={`${id}-count`} label={`How many single-use codes (1 to ${MAX_CODES_PER_BATCH})`}>
                <input
                  id={`${id}-count`}
                  inputMode="numeric"
                  className={shell.input}
                  value={count}
                  onChange={(event) => setCount(event.target.value)}
                />
              </Field>
              <Field id={`${id}-prefix`} label="Prefix (optional, up to 4)">
                <input
                  id={`${id}-prefix`}
                  className={shell.input}
                  value={prefix}
                  maxLength={4}
                  onChange={(event) => setPrefix(event.target.value)}
                />
              </Field>
            </>
          ) : (
            <Field id={`${id}-code`} label="Code for everyone">
              <input
                id={`${id}-code`}
                className={shell.input}
                value={code}
                maxLength={10}
                onChange={(event) => setCode(event.target.value)}
              />
            </Field>
          )}
          <button type="submit" className={shell.primary} disabled={busy}>
            {busy ? 'Adding…' : singleUse ? 'Make codes' : 'Add code'}
          </button>
        </form>
      ) : null}
      {error ? (
        <p className={shell.formError} role="alert">
          {error}
        </p>
      ) : null}
      {done ? (
        <p className={styles.done} role="status">
          {done}
        </p>
      ) : null}
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
