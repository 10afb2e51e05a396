import { useEffect } from 'react';

const SENT_KEY = 'lionrock.funnel.quoteForm';

/**
 * "Reached the quote form" for the dashboard's funnel (decision 090): one beacon per product per tab,
 * sent by the quote page's own chunk (never the landing's), with the product and market only. No
 * session, nothing personal; a reload or a return to the page does not count again.
 */
export function useQuoteFormReached(
  product: 'PTR' | 'PAN' | 'PHM',
  market: string | undefined,
  shown: boolean,
): void {
  useEffect(() => {
    if (!shown) return;
    try {
      const sent = new Set((sessionStorage.getItem(SENT_KEY) ?? '').split(',').filter(Boolean));
      if (sent.has(product) || typeof navigator.sendBeacon !== 'function') return;
      const body = new Blob([JSON.stringify({ product, market: market === 'HKG' ? 'HKG' : 'SGP' })], {
        type: 'application/json',
      });
      if (navigator.sendBeacon('/b2c-server/rest/funnel/quote-form', body)) {
        sent.add(product);
        sessionStorage.setItem(SENT_KEY, [...sent].join(','));
      }
    } catch {
      // A count is not worth an error: storage refused, or the beacon could not be queued.
    }
  }, [product, market, shown]);
}
