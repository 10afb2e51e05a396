import { REASON_CODES, REASON_MESSAGES, reasonMessageOf } from '@lionrock/domain/payments/gateway-decision';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { showLanguage, type TI18nLanguage } from '../../../../lib/i18n';
import en from '../../../../locales/en.json';
import zh from '../../../../locales/zh.json';
import { receiptFailureMessage, useMessageText } from './payment-messages';

async function textIn(language: TI18nLanguage, reasonCode: number): Promise<string> {
  await act(() => showLanguage(language));
  const { result: textOf } = renderHook(() => useMessageText());
  return textOf.current(
    receiptFailureMessage({ messageKey: 'paymentError.otherError', detail: String(reasonCode), reasonCode }),
  );
}

afterEach(async () => {
  await act(() => showLanguage('en'));
});

describe('what a gateway answer that did not pay shows (travel-flow section 8)', () => {
  it.each([
    [
      { messageKey: 'paymentError.otherError', detail: '204', reasonCode: 204 },
      "We couldn't take this payment (reason code 204). There aren't enough funds on this card. Please try another card.",
    ],
    [
      { messageKey: 'paymentError.otherError', detail: '102', reasonCode: 102 },
      "We couldn't take this payment (reason code 102). Please check your card details and try again.",
    ],
    [
      { messageKey: 'paymentError.otherError', detail: '457', reasonCode: 457 },
      "We couldn't take this payment (reason code 457). Your bank couldn't confirm the card's billing address. Please try another card.",
    ],
    [
      { messageKey: 'paymentError.otherError', detail: '999', reasonCode: 999 },
      "We couldn't take this payment (reason code 999). Please try again, or use another card.",
    ],
    [
      {
        messageKey: 'paymentError.transactionDeclinedMessage',
        detail: 'Request was rejected. card_cvn',
        reasonCode: null,
      },
      'Please try again. Transaction was declined due to: Request was rejected. card_cvn',
    ],
    [
      { messageKey: 'paymentError.underReview', detail: '480', reasonCode: 480 },
      "Your payment is being reviewed. We'll e-mail you once your policy is issued.",
    ],
    [{ messageKey: null, detail: '', reasonCode: null }, 'Payment Failed. Please try again.'],
  ])('%o → %s', (result, text) => {
    const { result: textOf } = renderHook(() => useMessageText());
    expect(textOf.current(receiptFailureMessage(result))).toBe(text);
  });

  it('shows a text that is not a key as it is', () => {
    const { result: textOf } = renderHook(() => useMessageText());
    expect(textOf.current({ key: 'The QR could not be made.' })).toBe('The QR could not be made.');
  });
});

describe('every gateway reason code has its text (pa-home-payments section 8)', () => {
  const catalogues = { en, zh };

  it.each(['en', 'zh'] as const)(
    'the %s catalogue has one text for each group, and only those',
    (language) => {
      const reasons = catalogues[language].paymentError.reasons as Record<string, string>;
      expect(Object.keys(reasons).sort()).toEqual([...REASON_MESSAGES].sort());
      for (const group of REASON_MESSAGES) expect(reasons[group]?.trim(), group).toBeTruthy();
    },
  );

  it.each([
    ['en', en],
    ['zh-Hans', zh],
  ] as const)(
    'in %s, each code shows its group’s text after the otherError line',
    async (language, catalogue) => {
      const reasons = catalogue.paymentError.reasons as Record<string, string>;
      for (const code of [...Object.keys(REASON_CODES).map(Number), 999]) {
        const otherError = catalogue.paymentError.otherError.replace('{{code}}', String(code));
        expect(await textIn(language, code), String(code)).toBe(
          `${otherError} ${reasons[reasonMessageOf(code)]}`,
        );
      }
    },
  );

  it('shows no key raw, in Traditional Chinese either', async () => {
    for (const code of [...Object.keys(REASON_CODES).map(Number), 999]) {
      const text = await textIn('zh-Hant', code);
      expect(text, String(code)).not.toMatch(/paymentError|reasons\.|\{\{/);
      expect(text).toContain(`（原因代碼 ${code}）`);
    }
  });
});
