import { displayEmail } from '@lionrock/domain/display/contact-display';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { OtherPackages } from '../../../components/ui/product-page';
import { Spinner } from '../../../components/ui/spinner';
import { Stepper } from '../../../components/ui/stepper';
import { useTranslation } from '../../../lib/i18n';
import { documentServedFor, loadSurveyScript } from '../../../lib/survey';
import { isValidAgent, useSystemStore } from '../../../state/system-store';
import { partOf, type TCheckoutProduct, type TPolicyPart } from '../checkout-product';
import { useErrorTitle } from '../hooks/use-error-title';
import styles from './checkout-page.module.css';

/**
 * The finish page of every product (travel-flow section 2, Finish; decision 044): thanks, the policy
 * and receipt numbers, where the policy was e-mailed, the policy PDF, the other products, and back to
 * home, which clears the policy, agent and campaign. Without an issued policy there is nothing to show. The survey runs only in a
 * document served for this page (lib/survey.ts), so arriving from the payment page reloads it.
 */
export function FinishPage<P extends TPolicyPart>({ product }: { product: TCheckoutProduct<P> }) {
  const { t } = useTranslation();
  useErrorTitle(product.errorTitleKey);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [ownDocument] = useState(() => documentServedFor(pathname) !== false);
  const policy = product.useJourney((state) => state.policy);
  const flowUrl = product.useJourney((state) => state.initialUrl);
  const visitUrl = useSystemStore((state) => state.initialUrl);
  const agent = useSystemStore((state) => state.agent);
  // Back to home clears the policy first: the page must not redirect on its own meanwhile.
  const leaving = useRef(false);
  const issued = Boolean(policy.policyNumber);
  useEffect(() => {
    if (!issued) return;
    if (ownDocument) loadSurveyScript();
    else window.location.reload();
  }, [issued, ownDocument]);
  if (issued && !ownDocument) return <Spinner />;
  if (!policy.policyNumber) return leaving.current ? null : <Navigate to={product.paths.landing} replace />;
  const email = displayEmail(partOf(product, policy).applicant?.email);
  const agentEmail = isValidAgent(agent) && agent?.email ? displayEmail(agent.email) : undefined;

  const backHome = () => {
    const url = flowUrl ?? visitUrl ?? product.paths.landing;
    leaving.current = true;
    product.useJourney.getState().reset();
    useSystemStore.getState().setAgent(null);
    navigate(url);
  };

  return (
    <div className={styles.page}>
      <Stepper current={6} steps={product.steps} />
      <section className={styles.finish} aria-labelledby="finish-title">
        <p className={styles.tick} aria-hidden="true">
          ✓
        </p>
        <h1 id="finish-title" className={styles.title}>
          {t('finish.title')}
        </h1>
        <p className={styles.lead}>
          {t('finish.thanks', { productWord: t(`finish.productWord.${product.key}`) })}
        </p>
        <dl className={styles.numbers}>
          <div>
            <dt>{t('finish.policyNumber')}</dt>
            <dd>{policy.policyNumber}</dd>
          </div>
          <div>
            <dt>{t('finish.receiptNumber')}</dt>
            <dd>{policy.receiptNumber ?? policy.payment?.receiptNumber ?? ''}</dd>
          </div>
        </dl>
        <p>
          {agentEmail ? t('finish.emailedWithAgent', { email, agentEmail }) : t('finish.emailed', { email })}
        </p>
        <p className={styles.hint}>{t('finish.emailSoon')}</p>
        <div className={styles.finishActions}>
          {policy.scheduleUrl ? (
            <a href={policy.scheduleUrl} className={styles.secondaryLink} target="_blank" rel="noopener">
              {t('finish.schedule')}
              <span className="visually-hidden"> {t('header.opensNewTab')}</span>
            </a>
          ) : null}
          {policy.manageUrl ? (
            <a href={policy.manageUrl} className={styles.secondaryLink}>
              {t('finish.manage')}
            </a>
          ) : null}
          <button type="button" className={styles.primary} onClick={backHome}>
            {t('finish.backHome')}
          </button>
        </div>
      </section>
      <OtherPackages current={product.key} />
    </div>
  );
}
