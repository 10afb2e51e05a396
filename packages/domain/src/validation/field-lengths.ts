/**
 * The longest text each field takes (travel-flow section 9, pa-home-payments section 5 "Field
 * rules"): name, ID and e-mail 50, mobile 12, UEN 24, text area 400, attended-official details 30,
 * promo code 10; a mobile country code is at most 4 digits. The wire schemas, the validators and the
 * forms' `maxLength` all read these (decision 050).
 */
export const FIELD_LENGTHS = {
  name: 50,
  id: 50,
  email: 50,
  mobile: 12,
  mobileCountryCode: 4,
  uen: 24,
  textArea: 400,
  officialDetails: 30,
  promoCode: 10,
} as const;
