import { formatMoney } from '@lionrock/domain/money/money';
import { Fragment, useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { ApiCallError, apiCall } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { getPolicy, resendPolicyMail, scheduleUrl, type TPolicyDetails } from '../api/my-policy-api';
import { AutoRenewalPanel } from '../components/auto-renewal-panel';
import styles from '../components/my-policy.module.css';
import { PolicyClaims } from '../components/policy-claims';
import { PolicyPanels } from '../components/policy-panels';
import { SignOutButton } from '../components/sign-out-button';
import { useSessionEnded } from '../state/use-session-ended';

/** An ISO timestamp as the market's calendar day would print it: DD/MM/YYYY. */
const dayOf = (iso: string) => {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
};

/** A refund's line by its state: paid, on its way, or arranged by operations (failed or PayNow). */
const REFUND_LINE: Record<string, string> = {
  succeeded: 'myPolicy.details.refunded',
  requested: 'myPolicy.details.refundPending',
};

/**
 * `/my-policy/policies/{policyId}`: one policy of the signed-in policyholder (design section 12): its
 * details, status, period, insured persons and premium; the schedule and wording; the policy e-mail
 * again; auto-renewal; renewal notices; and the other after-sale panels (PolicyPanels).
 */
export function PolicyPage() {
  const { t, language } = useTranslation();
  const ended = useSessionEnded();
  const { policyId = '' } = useParams();
  const [policy, setPolicy] = useState<TPolicyDetails | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [note, setNote] = useState<{ key: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    getPolicy(policyId)
      .then(setPolicy)
      .catch((error: unknown) => {
        if (ended(error)) return;
        setFailed(
          error instanceof ApiCallError && error.status === 404
            ? t('myPolicy.details.notFound')
            : t('myPolicy.details.loadFailed'),
        );
      });
  }, [ended, policyId, t]);
  useEffect(load, [load]);

  const download = async () => {
    setBusy(true);
    setNote(null);
    try {
      // A plain link would not carry the Session-Name header every call needs: fetched, then saved.
      const response = await apiCall(scheduleUrl(policyId));
      const url = URL.createObjectURL(await response.blob());
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = `policy-schedule-${policy?.policyNumber ?? 'policy'}.pdf`;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      if (!ended(error)) setNote({ key: 'myPolicy.details.loadFailed', error: true });
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setBusy(true);
    setNote(null);
    try {
      await resendPolicyMail(policyId);
      setNote({ key: 'myPolicy.details.resent', error: false });
    } catch (error) {
      if (ended(error)) return;
      const limited = error instanceof ApiCallError && error.status === 429;
      setNote({
        key: limited ? 'myPolicy.details.resendLimit' : 'myPolicy.details.loadFailed',
        error: true,
      });
    } finally {
      setBusy(false);
    }
  };

  if (failed)
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t('myPolicy.pageTitle')}</h1>
        <p className={styles.error} role="alert">
          {failed}
        </p>
        <Link to="/my-policy/policies">{t('myPolicy.details.back')}</Link>
      </div>
    );
  if (!policy)
    return (
      <div className={styles.page}>
        <Spinner />
      </div>
    );

  const money = (cents: number) => formatMoney(cents, policy.country);
  const status = policy.status === 'issued' || policy.status === 'cancelled' ? policy.status : 'other';
  const renewalNoticesDue = policy.status === 'issued' && policy.autoRenewal.on;
  return (
    <div className={styles.page}>
      <div className={styles.topBar}>
        <Link to="/my-policy/policies">{t('myPolicy.details.back')}</Link>
        <SignOutButton />
      </div>
      <h1 className={styles.title}>
        {t(`myPolicy.product.${policy.productType}`)} {policy.policyNumber}
      </h1>
      <div className={styles.stack}>
        <section className={styles.card} aria-labelledby="policy-summary">
          <h2 id="policy-summary" className={styles.cardTitle}>
            {t('myPolicy.details.summary')}
          </h2>
          <dl className={styles.facts}>
            <dt>{t('myPolicy.details.policyNumber')}</dt>
            <dd>{policy.policyNumber}</dd>
            <dt>{t('myPolicy.details.status')}</dt>
            <dd>
              <span className={status === 'issued' ? styles.pillOn : styles.pill}>
                {t(`myPolicy.status.${status}`)}
              </span>
            </dd>
            <dt>{t('myPolicy.details.product')}</dt>
            <dd>{t(`myPolicy.product.${policy.productType}`)}</dd>
            <dt>{t('myPolicy.details.plan')}</dt>
            <dd>{language === 'en' ? policy.planName.en : policy.planName.zh}</dd>
            <dt>{t('myPolicy.details.period')}</dt>
            <dd>{t('myPolicy.list.period', { start: policy.startDate, end: policy.endDate })}</dd>
            <dt>{t('myPolicy.details.premium')}</dt>
            <dd>{money(policy.premiumCents)}</dd>
            <dt>{t('myPolicy.details.tax')}</dt>
            <dd>{money(policy.taxCents)}</dd>
            <dt>{t('myPolicy.details.total')}</dt>
            <dd>{money(policy.totalCents)}</dd>
            {policy.payment ? (
              <>
                <dt>{t('myPolicy.details.payment')}</dt>
                <dd>
                  {policy.payment.method === 'paynow'
                    ? t('myPolicy.details.paynow')
                    : t('myPolicy.details.card', { card: policy.payment.card ?? '' })}
                </dd>
              </>
            ) : null}
            {policy.refunds.map((refund) => (
              <Fragment key={refund.reference}>
                <dt>
                  {t(
                    // A change of address's refund: a lower premium, or a payment it could not use.
                    refund.basis === 'endorsement' || refund.basis === 'unapplied'
                      ? 'myPolicy.details.refundEndorsement'
                      : 'myPolicy.details.refund',
                  )}
                </dt>
                <dd>
                  {t(REFUND_LINE[refund.state] ?? 'myPolicy.details.refundArranging', {
                    amount: money(refund.amountCents),
                    reference: refund.reference,
                  })}
                </dd>
              </Fragment>
            ))}
          </dl>
        </section>

        <section className={styles.card} aria-labelledby="policy-insured">
          <h2 id="policy-insured" className={styles.cardTitle}>
            {t('myPolicy.details.insured')}
          </h2>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('myPolicy.details.name')}</th>
                <th scope="col">{t('myPolicy.details.role')}</th>
                <th scope="col">{t('myPolicy.details.idNumber')}</th>
              </tr>
            </thead>
            <tbody>
              {policy.insuredPersons.map((person) => (
                <tr key={`${person.role}-${person.name}-${person.idNumber}`}>
                  <td>{person.name}</td>
                  <td>{t(`myPolicy.details.roles.${person.role}`)}</td>
                  <td>{person.idNumber}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section className={styles.card} aria-labelledby="policy-documents">
          <h2 id="policy-documents" className={styles.cardTitle}>
            {t('myPolicy.details.documents')}
          </h2>
          <div className={styles.docLinks}>
            <button type="button" className={styles.secondary} disabled={busy} onClick={download}>
              {t('myPolicy.details.schedule')}
            </button>
            <a href={policy.wordingUrl} target="_blank" rel="noopener">
              {t('myPolicy.details.wording')}
              <span className="visually-hidden"> {t('header.opensNewTab')}</span>
            </a>
            <button type="button" className={styles.linkButton} disabled={busy} onClick={resend}>
              {t('myPolicy.details.resend')}
            </button>
          </div>
          <p className={note?.error ? styles.error : styles.success} role="status">
            {note ? t(note.key) : ''}
          </p>
        </section>

        <PolicyClaims policy={policy} />

        <AutoRenewalPanel policy={policy} onChanged={setPolicy} />

        {/* Renewal notices come only to a policy in force that renews; a history is shown whatever came of it. */}
        {renewalNoticesDue || policy.renewal.mails.length > 0 || policy.renewal.renewedPolicyNumber ? (
          <section className={styles.card} aria-labelledby="policy-renewal">
            <h2 id="policy-renewal" className={styles.cardTitle}>
              {t('myPolicy.renewal.title')}
            </h2>
            {policy.renewal.renewedPolicyNumber ? (
              <p>{t('myPolicy.renewal.renewed', { number: policy.renewal.renewedPolicyNumber })}</p>
            ) : null}
            {policy.renewal.mails.length === 0 ? (
              <p className={styles.muted}>{t('myPolicy.renewal.none')}</p>
            ) : (
              <ul>
                {policy.renewal.mails.map((mail) => (
                  <li key={`${mail.kind}-${mail.at}`}>
                    {dayOf(mail.at)}: {t(`myPolicy.renewal.kinds.${mail.kind}`)}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}

        <PolicyPanels policy={policy} onChanged={(changed) => (changed ? setPolicy(changed) : load())} />
      </div>
    </div>
  );
}
