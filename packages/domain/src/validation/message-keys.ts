/**
 * Every message key the rules return (travel-flow sections 5 and 8; pa-home-payments sections 5 and 8).
 * The spec's own key names are kept; the texts live in the web app's locale files.
 */
export const MESSAGE_KEYS = {
  // travel-flow section 8: landing and quote
  travellerRequired: 'QuoteTravellerRequiredErrorMessage',
  invalidDeparture: 'QuoteInvalidDepartureErrorMessage',
  invalidDuration: 'QuoteInvalidDurationErrorMessage',
  quoteDeclaration: 'quoteDeclarationError',
  invalidPromoCode: 'landingPromotionCode.invalidPromoCode',
  getQuoteError: 'landingGetQuoteError.message',
  blacklisted: 'BlacklistedErrorMessage.label',
  systemUnavailable: 'landingSystemUnavailableError.message',
  invalidUrl: 'landingInvalidUrlError.message',
  privateMode: 'pvtModeOn.label',
  // Ours: a campaign link that has ended, and a price that changed between showing and paying.
  campaignUnavailable: 'landingCampaignUnavailable.message',
  priceChanged: 'quotePriceChanged.message',
  // travel-flow section 8: applicant fields
  birthDateRequired: 'applyErrorMessage.birthDateRequired',
  birthDateInvalid: 'applyErrorMessage.birthDateInValid',
  // The spec writes this key as "{hash}" (a placeholder); it is the under-18 message.
  birthDateBelow18: 'applyErrorMessage.birthDateBelow18YearsOld',
  birthDateOver70: 'applyErrorMessage.birthDateOver70YearsOld',
  birthDateBelow1Month: 'applyErrorMessage.birthDateBelow1MonthOld',
  birthDateBelow6Months: 'applyErrorMessage.birthDateBelow6MonthsOld',
  birthDateOver26: 'applyErrorMessage.birthDateOver26YearsOld',
  invalidNric: 'applyErrorMessage.invalidNRIC',
  uenRequired: 'applyErrorMessage.UENRequired',
  uenInvalid: 'applyErrorMessage.UENInvalid',
  fullNameDuplicated: 'applyErrorMessage.fullNameDuplicated',
  idDuplicated: 'applyErrorMessage.hkIdDuplicated',
  fullTimeStudentUnchecked: 'applyErrorMessage.fullTimeStudentUnchecked',
  confirmEmail: 'ConfirmEmailIsCorrectValidationMessage',
  declaration1: 'ConfirmDeclaration1ErrorMsg',
  declaration2: 'ConfirmDeclaration2ErrorMsg',
  // Field rules whose wording the spec gives without a key (travel-flow section 5, pa-home-payments section 5)
  required: 'validation.required',
  /** A value the request's schema refuses without a rule's own message (a 400 naming only the field). */
  invalid: 'validation.invalid',
  selectValue: 'validation.selectValue',
  englishCharacters: 'validation.englishCharacters',
  noSpecialCharacters: 'validation.noSpecialCharacters',
  email: 'validation.email',
  /** Ours (issue 29): a mobile number that is not one of its country code's market. */
  mobileForMarket: 'validation.mobileForMarket',
  number: 'validation.number',
  currency: 'validation.currency',
  currencyWithoutCents: 'validation.currencyWithoutCents',
  amount: 'validation.amount',
  alpha: 'validation.alpha',
  alphanumeric: 'validation.alphanumeric',
  minimum: 'validation.minimum',
  maximum: 'validation.maximum',
  maxLength: 'validation.maxLength',
  minimumDate: 'validation.minimumDate',
  maximumDate: 'validation.maximumDate',
  pattern: 'validation.pattern',
  // Personal accident (pa-home-payments sections 4 and 5)
  occupationRequired: 'paErrorMessage.occupationRequired',
  occupationOthers: 'paErrorMessage.occupationOthers',
  occupationDeclined: 'paErrorMessage.occupationDeclined',
  riskStatementRequired: 'paErrorMessage.riskStatementRequired',
  dependentChildrenNumber: 'paErrorMessage.dependentChildrenNumber',
  dependentChildrenMaximum: 'paErrorMessage.dependentChildrenMaximum',
  residencyRequired: 'paErrorMessage.residencyRequired',
  residencyNotEligible: 'paErrorMessage.residencyNotEligible',
  claimsReferToAgent: 'paErrorMessage.claimsReferToAgent',
  effectiveDateRequired: 'paErrorMessage.effectiveDateRequired',
  effectiveDateOutOfRange: 'paErrorMessage.effectiveDateOutOfRange',
  /** Personal accident's and home's words for an adult under 18: insured adults, not travellers. */
  paBirthDateBelow18: 'paErrorMessage.birthDateBelow18YearsOld',
  // Home (decision 057): a Singapore postal code that is not six digits of a real sector
  homePostalCode: 'homeErrorMessage.postalCode',
  // Card (pa-home-payments section 5; design section 6)
  cardHolderNameRequired: 'cardErrorMessage.holderNameRequired',
  cardHolderNameInvalid: 'cardErrorMessage.holderNameInvalid',
  cardHolderNameFirstLast: 'cardErrorMessage.holderNameFirstAndLast',
  cardNumberRequired: 'cardErrorMessage.numberRequired',
  cardNumberInvalid: 'cardErrorMessage.numberInvalid',
  cardNotAccepted: 'cardErrorMessage.brandNotAccepted',
  cardExpiryRequired: 'cardErrorMessage.expiryRequired',
  cardExpiryInvalid: 'cardErrorMessage.expiryInvalid',
  cardExpired: 'cardErrorMessage.expired',
  cvvRequired: 'cardErrorMessage.cvvRequired',
  cvvInvalid: 'cardErrorMessage.cvvInvalid',
  // Payment outcomes (pa-home-payments section 8)
  paymentOtherError: 'paymentError.otherError',
  paymentDeclined: 'paymentError.transactionDeclinedMessage',
  paymentReview: 'paymentError.underReview',
  paymentFailed: 'paymentError.paymentFailed',
  issueReceiptFailed: 'paymentError.issueReceiptFailed',
  paymentAlreadyMade: 'paymentError.alreadyPaid',
  paynowUnavailable: 'paymentError.paynowUnavailable',
  qrExpired: 'paymentError.qrExpired',
} as const;

export type TMessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS];
