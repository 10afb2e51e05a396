import { promoCodeRules } from '@lionrock/domain/campaign/promo-rules';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS } from '@lionrock/domain/market/market';
import { validateField } from '@lionrock/domain/validation/field-rules';
import { useRef, useState } from 'react';
import { type TPromoMarket, usePromoCheck } from './use-promo-check';

/**
 * A landing's promotion code (pa-home-payments section 5, travel-flow section 5), for the PA and home
 * landings' PromoCodeField: its format by the domain's rules, then the server's verdict when the
 * customer leaves the field; `confirm` asks the same before Get a quote, which goes on only when it
 * answers true. Every change is handed to `onKeep` (the journey store keeps the code, upper case).
 */
export function usePromoField({
  market,
  initial,
  onKeep,
}: {
  market: TPromoMarket;
  initial: string;
  onKeep?: (code: string) => void;
}) {
  const { checking, verdictOf } = usePromoCheck(market);
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(initial);

  /** The code's message now (null when it may be used, or there is none); shown beside the field. */
  const check = async (): Promise<string | null> => {
    const code = latest.current.trim();
    const today = todayIn(MARKETS[market.country].timeZone, new Date());
    const format = validateField(code, promoCodeRules(false), { today });
    let found: string | null = format.valid ? null : format.messageKey;
    // A failed or impossible check leaves the code to pricing, which refuses it there if it must.
    if (!found && code) found = (await verdictOf(null, code)) ?? null;
    // The customer typed on meanwhile: the newer code's own check decides.
    if (latest.current.trim() === code) setError(found);
    return found;
  };

  return {
    value,
    error,
    checking,
    change: (next: string) => {
      latest.current = next;
      setValue(next);
      setError(null);
      onKeep?.(next.trim().toUpperCase());
    },
    blur: () => void check(),
    /** Before Get a quote: true when the code may be used or there is none. */
    confirm: async () => (await check()) === null,
  };
}
