import { PRODUCT_WIRE, type TCheckoutProduct } from '../checkout/checkout-product';
import { HomePropertyCard } from './components/home-property-card';
import { useHomeSummaryRows } from './components/home-summary';
import { HOME_STEPS } from './home-steps';
import { useHomeJourney } from './state/home-journey-store';

/** Home in the one checkout (design section 10, decisions 044 and 059). */
export const homeProduct: TCheckoutProduct<'policyHome'> = {
  key: 'home',
  ...PRODUCT_WIRE.home,
  steps: HOME_STEPS,
  useJourney: useHomeJourney,
  paths: {
    landing: '/home',
    quote: '/home/quote',
    applicant: '/home/applicant',
    afterApplicant: '/home/confirm',
    confirm: '/home/confirm',
    payment: '/home/payment',
    finish: '/home/finish',
  },
  errorTitleKey: 'homeQuote.errorTitle',
  InsuredSection: HomePropertyCard,
  useSummaryRows: useHomeSummaryRows,
  // An annual home policy of a personal policyholder renews by itself, as an annual travel plan does.
  renewalEligible: (policy) => (policy.policyHome.applicant?.clientType ?? 'P') === 'P',
};
