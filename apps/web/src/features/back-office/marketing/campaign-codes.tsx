import {
  MAX_CODES_PER_BATCH,
  PROMO_CODE_MIN_LENGTH,
  PROMO_PREFIX_MAX_LENGTH,
} from '@lionrock/domain/back-office/campaign-rules';
import {
  type TCampaignCodeAdd,
  type TCampaignCodesMake,
  ZCampaignCodeAdd,
  ZCampaignCodesMake,
} from '@lionrock/domain/back-office/marketing-requests';
import { PROMO_CODE_MAX_LENGTH } from '@lionrock/domain/campaign/promo-rules';
import { type ReactNode, useId } from 'react';
import type { FieldValues } from 'react-hook-form';
import shell from '../back-office.module.css';
import { BACK_OFFICE_API, backOfficeCall } from '../back-office-api';
import styles from '../data-screen.module.css';
import { useCan } from '../signed-in-account';
import { FormField, FormMessages, type TStaffForm, useStaffForm } from '../staff-form';
import { type TCampaign, typedNumber } from './campaign-shared';

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

/**
 * A campaign's promo codes: how many are available, held and used, the CSV, and for marketing the
 * form adding codes (made in bulk for single-use codes, typed for a reusable one).
 */
export function Codes({ campaign, onChanged }: { campaign: TCampaign; onChanged: () => void }) {
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
