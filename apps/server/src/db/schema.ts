import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The shop's tables (design section 7). SQL stays within what PostgreSQL 15, PGlite (PostgreSQL 17)
 * and the Postgres-compatible distributed engines share. Money is integer cents.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** System flags per country, read by getStatus, pvt-status, getPaynowStatus, getSeniorLoadingStatus. */
export const systemFlags = pgTable('system_flags', {
  country: text('country').primaryKey(),
  systemAvailable: boolean('system_available').notNull().default(true),
  privateMode: boolean('private_mode').notNull().default(false),
  paynowAvailable: boolean('paynow_available').notNull().default(true),
  seniorLoadingAvailable: boolean('senior_loading_available').notNull().default(true),
  updatedAt: timestamps.updatedAt,
});

export const maintenanceNotices = pgTable('maintenance_notices', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  country: text('country').notNull(),
  messageEn: text('message_en').notNull(),
  longMessageEn: text('long_message_en').notNull(),
  messageZh: text('message_zh').notNull(),
  longMessageZh: text('long_message_zh').notNull(),
  active: boolean('active').notNull().default(false),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  ...timestamps,
});

export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    country: text('country').notNull(),
    product: text('product').notNull(),
    titleEn: text('title_en').notNull(),
    contentEn: text('content_en').notNull(),
    titleZh: text('title_zh').notNull(),
    contentZh: text('content_zh').notNull(),
    url: text('url'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('banners_country_product_idx').on(table.country, table.product)],
);

/** Agents; the default agent is data but never a "valid agent" (spec section 6). */
export const agents = pgTable('agents', {
  agentCode: text('agent_code').primaryKey(),
  name: text('name').notNull(),
  agency: text('agency').notNull(),
  email: text('email').notNull(),
  tel: text('tel').notNull(),
  registrationNo: text('registration_no').notNull(),
  country: text('country').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

export const subAgents = pgTable(
  'sub_agents',
  {
    agentCode: text('agent_code')
      .notNull()
      .references(() => agents.agentCode),
    subAgentCode: text('sub_agent_code').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    tel: text('tel').notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.agentCode, table.subAgentCode] })],
);

export const staffCodes = pgTable(
  'staff_codes',
  {
    agentCode: text('agent_code')
      .notNull()
      .references(() => agents.agentCode),
    country: text('country').notNull(),
    productCode: text('product_code').notNull(),
    staffCode: text('staff_code').notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.agentCode, table.country, table.productCode] })],
);

export const agentCampaigns = pgTable(
  'agent_campaigns',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    accountNo: text('account_no')
      .notNull()
      .references(() => agents.agentCode),
    staffId: text('staff_id'),
    productCode: text('product_code').notNull(),
    country: text('country').notNull(),
    promotion: text('promotion'),
    affiliation: text('affiliation'),
    catalogueCode: text('catalogue_code'),
    /** Commission rates in basis points of premium (1500 = 15 %). */
    accountCommissionRate: integer('account_commission_rate').notNull(),
    campaignCommissionRate: integer('campaign_commission_rate').notNull(),
    url: text('url'),
    campaignTitle: text('campaign_title'),
    campaignDetails: text('campaign_details'),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (table) => [index('agent_campaigns_account_idx').on(table.accountNo, table.productCode, table.country)],
);

export const campaigns = pgTable(
  'campaigns',
  {
    campaignId: serial('campaign_id').primaryKey(),
    campaignCode: text('campaign_code').notNull(),
    campaignName: text('campaign_name').notNull(),
    status: text('status').notNull(),
    productCode: text('product_code').notNull(),
    catalogueCode: text('catalogue_code'),
    country: text('country').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    p400Campaign: text('p400_campaign'),
    marketingMessage: text('marketing_message'),
    marketingMessageCn: text('marketing_message_cn'),
    promoCodeRequired: boolean('promo_code_required').notNull().default(false),
    /** REUSABLE: any number of policies; SINGLE_USE: each code once. */
    promoCodeReusability: text('promo_code_reusability').notNull().default('REUSABLE'),
    promoCodeDescription: text('promo_code_description'),
    promoCodeDescriptionCn: text('promo_code_description_cn'),
    /** PERCENT (basis points) or AMOUNT (cents), applied by the domain's discount rules. */
    discountType: text('discount_type').notNull().default('PERCENT'),
    discountValue: integer('discount_value').notNull().default(0),
    imageFileName: text('image_file_name'),
    /** The campaign image (getCampaignImageById); seeded from files under db/seed/images. */
    imageData: text('image_data'),
    imageContentType: text('image_content_type'),
    termsConditionsEn: text('terms_conditions_en'),
    termsConditionsCn: text('terms_conditions_cn'),
    /** A gift per policy on top of the discount (pa-home-payments section 9: "an HK$150 supermarket voucher per policy"), in cents. */
    voucherCents: integer('voucher_cents'),
    voucherDescription: text('voucher_description'),
    voucherDescriptionCn: text('voucher_description_cn'),
    createdBy: text('created_by').notNull().default('seed'),
    updatedBy: text('updated_by').notNull().default('seed'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('campaigns_code_product_country_idx').on(
      table.campaignCode,
      table.productCode,
      table.country,
    ),
  ],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.campaignId),
    code: text('code').notNull(),
    /** AVAILABLE, RESERVED (held for a payment window), USED. */
    status: text('status').notNull().default('AVAILABLE'),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [uniqueIndex('promo_codes_campaign_code_idx').on(table.campaignId, table.code)],
);

/** Client-side error reports (`b2c/log/{level}`), redacted before they are stored. */
export const clientLogs = pgTable(
  'client_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionName: text('session_name'),
    level: text('level').notNull(),
    data: text('data').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('client_logs_created_at_idx').on(table.createdAt)],
);

/** A row per seed file applied, so a restart does not re-apply what operations have since changed. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  checksum: text('checksum').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * Rate tables and benefit schedules, loaded from the versioned JSON in packages/domain at start
 * (issue 3: tables are data). The server rates from the newest version effective on the start date.
 */
export const rateTables = pgTable(
  'rate_tables',
  {
    id: serial('id').primaryKey(),
    product: text('product').notNull(),
    country: text('country').notNull(),
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    effectiveDate: date('effective_date').notNull(),
    checksum: text('checksum').notNull(),
    data: jsonb('data').notNull(),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('rate_tables_identity_idx').on(table.product, table.country, table.kind, table.version),
  ],
);

/** Underwriting/compliance blacklist, matched by normalised ID number (issue 4, Underwriting). */
export const underwritingBlacklist = pgTable('underwriting_blacklist', {
  idNumber: text('id_number').primaryKey(),
  reason: text('reason').notNull(),
  ...timestamps,
});

/**
 * Policies as they move: quoted → pending → issued / declined / expired (design section 7). The
 * whole wire document is kept as JSON, with the columns the shop queries by beside it.
 */
export const policies = pgTable(
  'policies',
  {
    policyId: uuid('policy_id').primaryKey().defaultRandom(),
    sessionName: text('session_name').notNull(),
    productType: text('product_type').notNull(),
    country: text('country').notNull(),
    status: text('status').notNull(),
    planCode: text('plan_code'),
    currency: text('currency').notNull(),
    /** The server's own price, in cents: premium after discounts, tax, and what the customer pays. */
    premiumCents: integer('premium_cents'),
    taxCents: integer('tax_cents'),
    totalCents: integer('total_cents'),
    agentCode: text('agent_code'),
    campaignId: integer('campaign_id'),
    promoCode: text('promo_code'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    policyNumber: text('policy_number').unique(),
    receiptNumber: text('receipt_number').unique(),
    document: jsonb('document').notNull(),
    consents: jsonb('consents'),
    rateVersion: text('rate_version'),
    /** Auto-renewal (pa-home-payments section 9): on for annual, non-corporate, card-paid policies. */
    autoRenewal: boolean('auto_renewal').notNull().default(false),
    renewalOf: uuid('renewal_of'),
    renewalNoticeAt: timestamp('renewal_notice_at', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('policies_session_idx').on(table.sessionName),
    index('policies_status_idx').on(table.status, table.updatedAt),
  ],
);

/** Every change of a policy's state, with when and why. */
export const policyEvents = pgTable(
  'policy_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.policyId),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    detail: jsonb('detail'),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('policy_events_policy_idx').on(table.policyId, table.createdAt)],
);

/** Policy and receipt numbers come from sequences: unique across every server instance (design section 6). */
export const policyNumberSeq = pgSequence('policy_number_seq', { startWith: 1, increment: 1 });
export const receiptNumberSeq = pgSequence('receipt_number_seq', { startWith: 1, increment: 1 });

/**
 * A payment attempt for a policy (design sections 6 and 7): a card payment through the gateway (CC)
 * or a PayNow QR (PN). `reference_number` is the merchant reference (the QR's `txnRef`); the gateway's
 * transaction id is unique, so an answer that arrives twice is recorded once.
 * Status: pending → paid | declined | review | error | expired | voided; a verified payment that can no
 * longer issue its policy becomes refund_due (operations refund it).
 */
export const payments = pgTable(
  'payments',
  {
    paymentId: uuid('payment_id').primaryKey().defaultRandom(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.policyId),
    sessionName: text('session_name').notNull(),
    method: text('method').notNull(),
    referenceNumber: text('reference_number').notNull().unique(),
    transactionUuid: text('transaction_uuid'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The single-use promo code held for this payment's window, consumed on issue. */
    promoCodeId: integer('promo_code_id'),
    gatewayTransactionId: text('gateway_transaction_id').unique(),
    decision: text('decision'),
    reasonCode: integer('reason_code'),
    authCode: text('auth_code'),
    authorisedCents: integer('authorised_cents'),
    /** Only the gateway's masked number (e.g. 411111xxxxxx1111); card data never reaches the shop. */
    maskedCard: text('masked_card'),
    cardType: text('card_type'),
    cardExpiry: text('card_expiry'),
    paymentToken: text('payment_token'),
    /** The verified answer as received, card number masked by the gateway. */
    gatewayAnswer: jsonb('gateway_answer'),
    receiptNumber: text('receipt_number').unique(),
    qrPayload: text('qr_payload'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('payments_policy_idx').on(table.policyId, table.createdAt),
    index('payments_status_idx').on(table.status, table.expiresAt),
  ],
);

/** What the browser reports of a payment as it goes (logPaymentLifeCycle), redacted. */
export const paymentLifecycleLogs = pgTable(
  'payment_lifecycle_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    policyId: text('policy_id'),
    referenceNumber: text('reference_number'),
    entry: jsonb('entry').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index('payment_lifecycle_logs_reference_idx').on(table.referenceNumber),
    // The daily prune deletes by age (decision 027), as it does client logs.
    index('payment_lifecycle_logs_created_at_idx').on(table.createdAt),
  ],
);

/**
 * Mail written in the same transaction as the change it reports (a transactional outbox); a job
 * delivers it and retries until the mail server takes it, so an outage delays mail and loses none.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: text('message_id').notNull().unique(),
    policyId: uuid('policy_id').references(() => policies.policyId),
    kind: text('kind').notNull(),
    recipientRole: text('recipient_role').notNull(),
    recipient: text('recipient').notNull(),
    language: text('language').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt)],
);

/** The stored answers of state-changing calls, replayed for a repeated Idempotency-Key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    sessionName: text('session_name').notNull(),
    key: text('key').notNull(),
    call: text('call').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamps.createdAt,
  },
  (table) => [primaryKey({ columns: [table.sessionName, table.key] })],
);

/** What operations must look at: payments under review, refunds due, late money, failed renewals. */
export const operationsAlerts = pgTable(
  'operations_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    paymentId: uuid('payment_id').references(() => payments.paymentId),
    policyId: uuid('policy_id').references(() => policies.policyId),
    /** The PayNow credit the alert is about (decision 034): each credit is its own case. */
    paynowCreditId: bigint('paynow_credit_id', { mode: 'number' }).references(() => paynowCredits.id),
    detail: jsonb('detail'),
    createdAt: timestamps.createdAt,
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    index('operations_alerts_open_idx').on(table.kind, table.resolvedAt),
    // One alert of a kind per payment, or per PayNow credit when it is about one.
    uniqueIndex('operations_alerts_once_idx')
      .on(table.kind, table.paymentId)
      .where(sql`${table.paynowCreditId} is null`),
    uniqueIndex('operations_alerts_credit_once_idx')
      .on(table.kind, table.paynowCreditId)
      .where(sql`${table.paynowCreditId} is not null`),
  ],
);

/**
 * Every PayNow notification whose signature the bank's secret verifies, stored before anything else
 * (decision 034): a second credit on one QR, a credit of another amount, for an unknown reference or
 * one that cannot be read is kept here with its outcome and an operations alert, never dropped. The
 * same delivery twice (same bytes or same bank transaction id) is one row.
 */
export const paynowCredits = pgTable(
  'paynow_credits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The bank's id of the transfer; null only when the notification could not be read. */
    bankTransactionId: text('bank_transaction_id').unique(),
    /** SHA-256 of the notification's bytes. */
    bodySha256: text('body_sha256').notNull().unique(),
    /** The credit's fields as read; the body as received (cut to 8,000 characters) only when unreadable. */
    notification: text('notification').notNull(),
    txnRef: text('txn_ref'),
    paymentId: uuid('payment_id').references(() => payments.paymentId),
    amountCents: integer('amount_cents'),
    currency: text('currency'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** applied, amount_differs, extra_credit, unknown_reference or unreadable (decision 034). */
    outcome: text('outcome').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('paynow_credits_payment_idx').on(table.paymentId)],
);

/**
 * The built-in test gateway's own records (it stands in for the card provider offline): the
 * transaction uuids it has seen (a reuse within 15 minutes is refused with 104) and the payment
 * tokens it issued. It keeps no card number: a token remembers the masked number, the expiry and
 * which test card it was, so a renewal charge behaves like that card.
 */
export const testGatewayTransactions = pgTable('test_gateway_transactions', {
  transactionUuid: text('transaction_uuid').primaryKey(),
  accessKey: text('access_key').notNull(),
  createdAt: timestamps.createdAt,
});

export const testGatewayTokens = pgTable('test_gateway_tokens', {
  token: text('token').primaryKey(),
  maskedCard: text('masked_card').notNull(),
  cardType: text('card_type').notNull(),
  cardExpiry: text('card_expiry').notNull(),
  reasonCode: integer('reason_code').notNull(),
  createdAt: timestamps.createdAt,
});

/**
 * Every answer the built-in test gateway signed (approvals, declines, errors, token charges), so the
 * shop can confirm a transaction with it server to server before issuing, as it does with
 * CyberSource's transaction details (design section 11). No card number: the masked one at most.
 */
export const testGatewayAnswers = pgTable(
  'test_gateway_answers',
  {
    transactionId: text('transaction_id').primaryKey(),
    accessKey: text('access_key').notNull(),
    profileId: text('profile_id').notNull(),
    referenceNumber: text('reference_number').notNull(),
    transactionUuid: text('transaction_uuid'),
    decision: text('decision').notNull(),
    reasonCode: integer('reason_code').notNull(),
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    authAmount: text('auth_amount'),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('test_gateway_answers_reference_idx').on(table.referenceNumber)],
);

/**
 * Secrets the instances share when the environment gives none (local and test runs): made once in
 * the database, so every instance signs and verifies with the same key. Production sets them.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamps.createdAt,
});
