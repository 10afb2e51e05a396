import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useErrorStore } from '../../../state/error-store';
import { paApi, refusalOf } from '../api/pa-api';
import { usePaFlowStore } from '../state/pa-flow-store';

/**
 * Prices every plan for the journey as it stands (multirate), or the chosen plan with the people (rate), and keeps the answer; a refusal shows its
 * message in the shop's error dialog (titled "Error" on the PA pages): the spec's text for its key, the server's text (a declined
 * occupation), else the generic text. Resolves true when the plans are there.
 */
export function useQuoteCall() {
  const { t, exists } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (
    call: 'multirate' | 'rate' = 'multirate',
    options: {
      /** A page that shows a refusal on its fields takes it first: true when it did, else the dialog. */
      refuse?: (error: unknown) => boolean;
    } = {},
  ): Promise<boolean> => {
    setBusy(true);
    try {
      const store = usePaFlowStore.getState();
      const answer = await paApi[call](store.policy);
      if (answer.errorMessage || !answer.policyPAN?.premiumItems?.length) {
        showRefusal(refusalOf(null, answer), t, exists);
        return false;
      }
      if (call === 'multirate') store.setQuoted(answer);
      else store.setRated(answer);
      return true;
    } catch (error) {
      if (options.refuse?.(error)) return false;
      showRefusal(refusalOf(error), t, exists);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

export function showRefusal(
  refusal: { messageKey: string | null; errorMessage: string | null },
  t: (key: string) => string,
  exists: (key: string) => boolean,
) {
  const text =
    refusal.messageKey && exists(refusal.messageKey) ? t(refusal.messageKey) : (refusal.errorMessage ?? null);
  useErrorStore
    .getState()
    .showError(text ? [text] : [], refusal.messageKey ?? refusal.errorMessage ?? undefined);
}
