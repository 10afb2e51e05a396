import type { TTranslate } from '../../../lib/translate';

/**
 * What a refund's state says to the customer (a cancellation's or an endorsement's): made to the card,
 * on its way to the card, refused by the gateway (our team follows up), or paid by our team (PayNow).
 */
export function refundLine(
  t: TTranslate,
  refund: { state: string },
  values: { amount: string; last4: string },
): string {
  if (refund.state === 'succeeded') return t('myPolicy.cancel.refundCard', values);
  if (refund.state === 'requested') return t('myPolicy.cancel.refundCardPending', values);
  if (refund.state === 'failed') return t('myPolicy.cancel.refundFailed', values);
  return t('myPolicy.cancel.refundTransfer', values);
}
