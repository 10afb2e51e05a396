import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { receiptFailureMessage, useMessageText } from './payment-messages';

describe('what a gateway answer that did not pay shows (travel-flow section 8)', () => {
  it.each([
    [
      { messageKey: 'paymentError.otherError', detail: '204', reasonCode: 204 },
      "We couldn't take this payment (reason code 204). There aren't enough funds on this card. Please try another card.",
    ],
    [
      { messageKey: 'paymentError.otherError', detail: '102', reasonCode: 102 },
      "We couldn't take this payment (reason code 102).",
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
