import { afterEach, describe, expect, it } from 'vitest';
import { checkoutStepOf, track, trackCheckoutStep } from './analytics';

afterEach(() => {
  delete window.dataLayer;
});

describe('the analytics data layer', () => {
  it.each([
    ['/travel', 1, 'landing', 'PTR'],
    ['/travel/partner/AG1001/campaign/YEAREND', 1, 'landing', 'PTR'],
    ['/travel/quote', 2, 'quote', 'PTR'],
    ['/travel/applicant', 3, 'apply', 'PTR'],
    ['/pa/apply', 3, 'apply', 'PAN'],
    ['/travel/confirm', 4, 'confirm', 'PTR'],
    ['/home/payment', 5, 'pay', 'PHM'],
  ])('%s reports checkout step %i (%s)', (pathname, step, option, product) => {
    expect(checkoutStepOf(pathname)).toEqual({ step, option, product });
  });

  it.each(['/travel/finish', '/travel/about-us', '/gateway/test-checkout', '/'])(
    '%s is outside the checkout',
    (pathname) => {
      expect(checkoutStepOf(pathname)).toBeUndefined();
    },
  );

  it('pushes events and steps, creating the layer when a tag manager has not', () => {
    track('select-plan-SUPER');
    trackCheckoutStep('/travel/confirm');
    trackCheckoutStep('/travel/finish');
    expect(window.dataLayer).toEqual([
      { event: 'select-plan-SUPER' },
      {
        event: 'checkout',
        ecommerce: { checkout: { actionField: { step: 4, option: 'confirm' }, products: [{ id: 'PTR' }] } },
      },
    ]);
  });

  it('keeps what a tag manager already put there', () => {
    window.dataLayer = [{ 'gtm.start': 1 }];
    track('Share');
    expect(window.dataLayer).toEqual([{ 'gtm.start': 1 }, { event: 'Share' }]);
  });
});
