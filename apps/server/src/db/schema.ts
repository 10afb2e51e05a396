import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
    /**
     * The campaign whose offer the banner states (decision 130): shown only while that campaign runs
     * in the banner's market and product, its Read More the shop's link that obtains it.
     */
    campaignCode: text('campaign_code'),
    /** The campaign's code the banner hands out, when the campaign needs one. */
    promoCode: text('promo_code'),
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
  (table) => [
    uniqueIndex('promo_codes_campaign_code_idx').on(table.campaignId, table.code),
    // Codes are matched case-insensitively (getCampaign, rating, payment): without this, a lookup read
    // every code of every campaign, a scan once a campaign has many single-use codes (decision 097).
    index('promo_codes_upper_code_idx').on(sql`upper(${table.code})`),
  ],
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
 * (design section 7: tables are data). The server rates from the newest version effective on the start date.
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
    /** 'draft' (uploaded by underwriting, prices nothing) or 'active' (decision 085). */
    status: text('status').notNull().default('active'),
    /** Who uploaded it in the back office; null for the versions bundled with the domain. */
    uploadedBy: text('uploaded_by'),
    /**
     * When it began to apply: loaded active, or a draft activated. A policy's documents use only the
     * benefit versions active when it was issued (decision 098); the database's clock, as `issued_at`.
     */
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('rate_tables_identity_idx').on(table.product, table.country, table.kind, table.version),
  ],
);

/** Underwriting/compliance blacklist, matched by normalised ID number (design section 5, decision 008). */
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
    /**
     * The policy's contact address as the database compares it (trimmed, lower case), always the one in
     * its document: a policyholder's session reaches the policies whose address it has confirmed by a
     * code or a link mailed there (decision 101). Written by PostgreSQL itself on every change.
     */
    contactEmail: text('contact_email').generatedAlwaysAs(
      sql`lower(btrim(case document->>'productType' when 'PTR' then document#>>'{policyTravel,applicant,email}' when 'PAN' then document#>>'{policyPAN,applicant,email}' when 'PHM' then document#>>'{policyHome,applicant,email}' end))`,
    ),
    /**
     * What the back office's search compares (decision 141), written by PostgreSQL from the document:
     * the policyholder's name in lower case, and the ID number and UEN normalised as a search types them
     * (upper case, no spaces, brackets or dashes).
     */
    holderName: text('holder_name').generatedAlwaysAs(
      sql`lower(coalesce(document#>>'{policyTravel,applicant,fullName}', document#>>'{policyPAN,applicant,fullName}', document#>>'{policyHome,applicant,fullName}', ''))`,
    ),
    holderId: text('holder_id').generatedAlwaysAs(
      sql`upper(regexp_replace(coalesce(document#>>'{policyTravel,applicant,hkId}', document#>>'{policyPAN,applicant,hkId}', document#>>'{policyHome,applicant,hkId}', ''), '[[:space:]()-]', '', 'g'))`,
    ),
    holderUen: text('holder_uen').generatedAlwaysAs(
      sql`upper(regexp_replace(coalesce(document#>>'{policyTravel,applicant,uen}', document#>>'{policyPAN,applicant,uen}', document#>>'{policyHome,applicant,uen}', ''), '[[:space:]()-]', '', 'g'))`,
    ),
    /**
     * What the agents' desk adds up of a sale besides its premium (issue 30, decision 145), written by PostgreSQL from
     * the document: the sub-agent, the campaign's code, and the commission rate (a percentage, as the
     * wire gives it) the chosen plan was priced with; the commission rule itself is the domain's.
     */
    subAgentCode: text('sub_agent_code').generatedAlwaysAs(sql`nullif(btrim(document->>'subAgentId'), '')`),
    campaignCode: text('campaign_code').generatedAlwaysAs(
      sql`nullif(document#>>'{campaign,campaignCode}', '')`,
    ),
    commissionRate: text('commission_rate').generatedAlwaysAs(
      sql`coalesce(document#>>'{policyTravel,policyPremium,commissionRate}', document#>>'{policyPAN,policyPremium,commissionRate}', document#>>'{policyHome,policyPremium,commissionRate}')`,
    ),
    ...timestamps,
  },
  (table) => [
    index('policies_session_idx').on(table.sessionName),
    index('policies_status_idx').on(table.status, table.updatedAt),
    index('policies_contact_idx').on(table.contactEmail, table.country),
    // The back office's search (decision 141): a number or its beginning, part of a name, an ID number.
    index('policies_number_prefix_idx').on(table.policyNumber.op('text_pattern_ops')),
    index('policies_holder_name_trgm_idx').using('gin', table.holderName.op('gin_trgm_ops')),
    index('policies_holder_id_idx').on(table.holderId).where(sql`${table.holderId} <> ''`),
    index('policies_holder_uen_idx').on(table.holderUen).where(sql`${table.holderUen} <> ''`),
    // A policy's renewal: the renewal scan asks it of every candidate (decision 140); few policies have one.
    index('policies_renewal_of_idx').on(table.renewalOf).where(sql`${table.renewalOf} is not null`),
    // The policy list's key, newest first (decision 143); with what the dashboard counts of a range's
    // quotes, so it counts them from the index alone.
    index('policies_created_idx').on(
      table.createdAt,
      table.policyId,
      table.country,
      table.productType,
      table.status,
      table.renewalOf,
      table.issuedAt,
    ),
    // The dashboard's range of sales, with what it groups and sums them by (decision 143).
    index('policies_issued_idx')
      .on(
        table.issuedAt,
        table.country,
        table.productType,
        table.currency,
        table.agentCode,
        table.campaignId,
        table.premiumCents,
      )
      .where(sql`${table.issuedAt} is not null`),
    // The agents' desk (issue 30): an agent's quotes by when they were made, with what they are counted
    // by. Without it every desk call read the range's policies of every agent (3 s for a quarter at a
    // million policies).
    index('policies_agent_created_idx').on(table.agentCode, table.createdAt, table.status, table.country),
    // The desk's sales by when issued, and its summary read from the index alone: what it counts and
    // adds up of each sale.
    index('policies_agent_sales_idx')
      .on(
        table.agentCode,
        table.issuedAt,
        table.country,
        table.currency,
        table.productType,
        table.premiumCents,
        table.subAgentCode,
        table.campaignCode,
        table.commissionRate,
      )
      .where(sql`${table.issuedAt} is not null`),
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
    // With when it was answered: the dashboard's funnel asks it of every quote of a range (decision 143).
    index('payments_policy_idx').on(table.policyId, table.createdAt, table.answeredAt),
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
    // A policy's log in the back office's policy detail (decision 140).
    index('payment_lifecycle_logs_policy_idx').on(table.policyId),
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
    /** The claim a claims mail is about (acknowledgement, resume link). */
    claimId: uuid('claim_id'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * What a mail must carry that the shop keeps no plain copy of (a one-time code), sealed with
     * AES-GCM under a server secret; cleared once the mail is sent (decision 067).
     */
    sealed: text('sealed'),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
    // A policy's mail: the policy detail, my policy's documents, the renewal repair (decision 140).
    index('mail_outbox_policy_idx').on(table.policyId),
    // The next mail to send is the oldest waiting one (`order by id`): this index holds only the
    // waiting, so a million sent mails are not walked to find it (decision 139).
    index('mail_outbox_waiting_idx').on(table.id).where(sql`${table.status} in ('queued', 'sending')`),
  ],
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
    /** The refund the case is about (decision 142): a policy may owe several (endorsements, cancellation). */
    refundId: uuid('refund_id').references((): AnyPgColumn => refunds.refundId),
    detail: jsonb('detail'),
    createdAt: timestamps.createdAt,
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    index('operations_alerts_open_idx').on(table.kind, table.resolvedAt),
    // One alert of a kind per payment, per PayNow credit or per refund, by what it is about.
    uniqueIndex('operations_alerts_once_idx')
      .on(table.kind, table.paymentId)
      .where(sql`${table.paynowCreditId} is null and ${table.refundId} is null`),
    uniqueIndex('operations_alerts_credit_once_idx')
      .on(table.kind, table.paynowCreditId)
      .where(sql`${table.paynowCreditId} is not null`),
    uniqueIndex('operations_alerts_refund_once_idx')
      .on(table.kind, table.refundId)
      .where(sql`${table.refundId} is not null`),
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

/**
 * A policyholder's session (design section 12): the cookie carries a random token, the table only its
 * SHA-256, so a copy of the table opens nothing. It ends after 30 minutes idle or 12 hours in all,
 * or when the policyholder signs out. What it reaches is the addresses it has proved (below).
 */
export const policyholderSessions = pgTable(
  'policyholder_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    country: text('country').notNull(),
    createdAt: timestamps.createdAt,
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('policyholder_sessions_expiry_idx').on(table.expiresAt)],
);

/**
 * The mailboxes a session has proved (decision 101): an address gets here only when a code mailed to it
 * is typed back, or a link mailed to it is opened, in this session. The session reaches exactly the
 * policies whose `contact_email` is one of them, at the moment of each call.
 */
export const policyholderSessionAddresses = pgTable(
  'policyholder_session_addresses',
  {
    tokenHash: text('token_hash')
      .notNull()
      .references(() => policyholderSessions.tokenHash, { onDelete: 'cascade' }),
    contactEmail: text('contact_email').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tokenHash, table.contactEmail] })],
);

/**
 * A mailed link that has been opened (decision 101): its nonce's SHA-256, kept until the link would have
 * expired anyway, so each link opens once.
 */
export const usedLinks = pgTable(
  'used_links',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('used_links_expiry_idx').on(table.expiresAt)],
);

/**
 * A fresh code before a sensitive change (decision 102): mailed to the policy's address, bound to the
 * session that asked and the change it is for, kept as a keyed hash, used once.
 */
export const stepUpCodes = pgTable(
  'step_up_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionHash: text('session_hash').notNull(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.policyId),
    purpose: text('purpose').notNull(),
    /** The address the code was mailed to: the code proves nothing once the policy's address changes. */
    contactEmail: text('contact_email').notNull(),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('step_up_codes_policy_idx').on(table.policyId, table.createdAt)],
);

/**
 * A claim (issue "After the sale", decision 073): a draft until the customer submits it, then numbered
 * from its market's sequence. The payout's details are stored whole and answered masked (last four);
 * `holderKey` is the policy's holder's keyed hash, never an ID number.
 */
export const claims = pgTable(
  'claims',
  {
    claimId: uuid('claim_id').primaryKey().defaultRandom(),
    claimNumber: text('claim_number').unique(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.policyId),
    holderKey: text('holder_key').notNull(),
    country: text('country').notNull(),
    productType: text('product_type').notNull(),
    claimType: text('claim_type').notNull().default(''),
    incidentDate: date('incident_date'),
    incidentPlace: text('incident_place').notNull().default(''),
    description: text('description').notNull().default(''),
    officials: jsonb('officials').notNull().default({ noOne: false, officials: {} }),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    currency: text('currency').notNull(),
    payout: jsonb('payout'),
    status: text('status').notNull().default('draft'),
    agentCode: text('agent_code').references(() => agents.agentCode),
    language: text('language').notNull().default('en'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('claims_holder_idx').on(table.holderKey), index('claims_policy_idx').on(table.policyId)],
);

/** A claim's documents: the store's random key, the type found by content, the size, a sanitised name. */
export const claimDocuments = pgTable(
  'claim_documents',
  {
    documentId: uuid('document_id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.claimId),
    storeKey: text('store_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('claim_documents_claim_idx').on(table.claimId)],
);

/** Every change of a claim's status (the status page's timeline). */
export const claimEvents = pgTable(
  'claim_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.claimId),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('claim_events_claim_idx').on(table.claimId, table.id)],
);

/**
 * "Save and finish later" (decision 074): the e-mailed link's token is an HMAC of the draft and the
 * moment it was asked for; only its SHA-256 is kept, and a newer link replaces the older. It opens once,
 * and only while the policy's address is the one it was mailed to (decision 101).
 */
export const claimDrafts = pgTable('claim_drafts', {
  claimId: uuid('claim_id')
    .primaryKey()
    .references(() => claims.claimId),
  tokenHash: text('token_hash').notNull().unique(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  contactEmail: text('contact_email'),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Claim numbers per market: CSG26-0000123, CHK26-0000123 (decision 073). */
export const claimNumberSgpSeq = pgSequence('claim_number_sgp_seq', { startWith: 1, increment: 1 });
export const claimNumberHkgSeq = pgSequence('claim_number_hkg_seq', { startWith: 1, increment: 1 });

/**
 * The one-time code that opens a policyholder's session (design section 12, decision 101): one row per
 * sign-in started, keyed by the SHA-256 of the challenge only that browser was given, so nobody else can
 * spend its tries. Kept as a keyed hash, valid ACCESS_CODE_VALID_MINUTES, dead after
 * ACCESS_CODE_MAX_TRIES wrong tries; a right code deletes it, so it works once.
 */
export const policyholderAccessCodes = pgTable(
  'policyholder_access_codes',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.policyId),
    /** The address the code was mailed to. */
    contactEmail: text('contact_email').notNull(),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('policyholder_access_codes_policy_idx').on(table.policyId, table.createdAt)],
);

/**
 * A policyholder's change of e-mail address, waiting for its code (design section 12, decision 069):
 * the new address is applied only once the code sent to it is typed back. The code is kept as an HMAC
 * for checking; its mail carries it sealed in `mail_outbox.sealed` until sent (decision 067).
 */
export const contactChanges = pgTable(
  'contact_changes',
  {
    changeId: uuid('change_id').primaryKey(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.policyId),
    newEmail: text('new_email').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Wrong tries so far; at the limit the code is dead. */
    tries: integer('tries').notNull().default(0),
    /** open → confirmed | used_up | superseded (a newer code for the policy) */
    status: text('status').notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The address the change replaced, to put back if the old address undoes it (decision 102). */
    oldEmail: text('old_email'),
    /** The SHA-256 of the undo link's token mailed to the old address, and until when it works. */
    undoTokenHash: text('undo_token_hash').unique(),
    undoExpiresAt: timestamp('undo_expires_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('contact_changes_policy_idx').on(table.policyId, table.createdAt)],
);

/**
 * A change of the card that pays a policy's renewals (decision 069): the signed token-only request
 * the browser posts to the gateway with the card, bound to the policy by its reference, then the
 * gateway's verified answer, recorded once. The latest stored one is the policy's renewal card.
 */
export const renewalCards = pgTable(
  'renewal_cards',
  {
    referenceNumber: text('reference_number').primaryKey(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.policyId),
    transactionUuid: text('transaction_uuid').notNull(),
    currency: text('currency').notNull(),
    /** open → stored | declined | expired */
    status: text('status').notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    gatewayTransactionId: text('gateway_transaction_id').unique(),
    decision: text('decision'),
    reasonCode: integer('reason_code'),
    paymentToken: text('payment_token'),
    maskedCard: text('masked_card'),
    cardType: text('card_type'),
    cardExpiry: text('card_expiry'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('renewal_cards_policy_idx').on(table.policyId, table.answeredAt)],
);

/**
 * A refund owed on a policy (decisions 072 and 142): a cancellation's, one per policy, so two
 * cancellations at once write one refund; or an endorsement's that lowered the premium, one per
 * endorsement. A card refund goes to the gateway with `provider_request_id`, a key derived from the
 * policy, so a retry after a crash asks for the same refund and the gateway answers the same one; a
 * PayNow refund is paid out by operations (state `manual`, with its operations case).
 * State: requested → succeeded | failed; or manual.
 */
export const refunds = pgTable(
  'refunds',
  {
    refundId: uuid('refund_id').primaryKey().defaultRandom(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.policyId),
    paymentId: uuid('payment_id').references(() => payments.paymentId),
    /** The endorsement that owes it; null for a cancellation's refund. */
    endorsementId: uuid('endorsement_id').references((): AnyPgColumn => policyEndorsements.endorsementId),
    /**
     * The endorsement's card payment it goes back to (decision 144), when not the policy's own payment:
     * a collection the policy could not take, or its part of a cancellation's refund.
     */
    collectionReference: text('collection_reference').references(
      (): AnyPgColumn => endorsementPayments.referenceNumber,
    ),
    /** CC (card gateway) or PN (PayNow, paid out by operations). */
    method: text('method').notNull(),
    /** free-look or short-period (the domain's cancellation basis), or endorsement. */
    basis: text('basis').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    state: text('state').notNull(),
    providerRequestId: text('provider_request_id').notNull().unique(),
    /** The gateway's id of the refund, once it answered. */
    providerReference: text('provider_reference'),
    attempts: integer('attempts').notNull().default(0),
    /** Who is calling the gateway now: a caller claims the row until then, so one call is made at a time. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    lastError: text('last_error'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('refunds_policy_once_idx')
      .on(table.policyId)
      .where(sql`${table.endorsementId} is null and ${table.collectionReference} is null`),
    uniqueIndex('refunds_collection_once_idx')
      .on(table.collectionReference)
      .where(sql`${table.collectionReference} is not null`),
    uniqueIndex('refunds_endorsement_once_idx')
      .on(table.endorsementId)
      .where(sql`${table.endorsementId} is not null`),
    index('refunds_state_idx').on(table.state, table.leasedUntil),
  ],
);

/**
 * The card payment of an endorsement that raises the premium (decision 144): the change, its re-rate and
 * the policy as the customer saw it are kept with the signed request, bound to it by its reference; the
 * gateway's verified answer endorses the policy in the same transaction that records it paid, once. A
 * payment the policy can no longer take (it changed or ended meanwhile) is refunded whole.
 * Status: open → paid | declined | expired (once the gateway was asked); paid → unapplied (refunded).
 */
export const endorsementPayments = pgTable(
  'endorsement_payments',
  {
    referenceNumber: text('reference_number').primaryKey(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.policyId),
    /** The endorsement it pays for: its ledger row takes this id once paid. */
    endorsementId: uuid('endorsement_id').notNull().unique(),
    transactionUuid: text('transaction_uuid').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('open'),
    /** The new insured address and the facts it is rated on, as checked by the market's rules. */
    change: jsonb('change').notNull(),
    /** The re-rate the customer accepted: from, previous and new year's total, difference, rate version. */
    quote: jsonb('quote').notNull(),
    /** The policy's `updated_at` when the customer was quoted: any change since voids the payment's use. */
    policyUpdatedAt: timestamp('policy_updated_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    gatewayTransactionId: text('gateway_transaction_id').unique(),
    decision: text('decision'),
    reasonCode: integer('reason_code'),
    authorisedCents: integer('authorised_cents'),
    maskedCard: text('masked_card'),
    cardType: text('card_type'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** When the reconciliation job last asked the gateway about it, unanswered past its window. */
    lookedUpAt: timestamp('looked_up_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index('endorsement_payments_policy_idx').on(table.policyId, table.status),
    // The job's question: open payments past their window, oldest first.
    index('endorsement_payments_open_idx').on(table.status, table.expiresAt),
  ],
);

/**
 * The premium ledger of a policy's endorsements (decision 142): one row per endorsement, with the year's
 * premium before and after and the difference for the days left (positive collected, negative
 * returned), so a later cancellation counts what was paid and returned since the sale.
 */
export const policyEndorsements = pgTable(
  'policy_endorsements',
  {
    endorsementId: uuid('endorsement_id').primaryKey(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.policyId),
    /** The policy's event that recorded it. */
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => policyEvents.id),
    kind: text('kind').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    previousTotalCents: integer('previous_total_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    differenceCents: integer('difference_cents').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('policy_endorsements_policy_idx').on(table.policyId)],
);

/**
 * The built-in test gateway's refunds (CyberSource REST `POST /pts/v2/payments/{id}/refunds`): one per
 * merchant and client reference code, so the same refund asked twice is made once.
 */
export const testGatewayRefunds = pgTable(
  'test_gateway_refunds',
  {
    refundId: text('refund_id').primaryKey(),
    profileId: text('profile_id').notNull(),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => testGatewayAnswers.transactionId),
    clientReference: text('client_reference').notNull(),
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    uniqueIndex('test_gateway_refunds_reference_idx').on(table.profileId, table.clientReference),
    index('test_gateway_refunds_transaction_idx').on(table.transactionId),
  ],
);

/**
 * Journeys saved for later (travel-flow section 3: the saved-for-later token; decision 076): the policy
 * document as the browser held it (never its prices: it is re-rated on reopening), the step, and the
 * e-mail. One live token per journey, kept as its SHA-256 only; the token itself is sealed here just
 * until its mail is delivered. An abandoned quote given an e-mail gets a row too, when its one
 * reminder is sent (decision 077).
 */
export const savedQuotes = pgTable(
  'saved_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The Session-Name of the journey: a new save from it replaces its token. */
    sessionName: text('session_name').notNull().unique(),
    /** The session that reopened it last: a save from there replaces this token too. */
    resumedSessionName: text('resumed_session_name'),
    /** The stored policy the journey had rated, if any (paid → no reminder). */
    policyId: uuid('policy_id'),
    productType: text('product_type').notNull(),
    country: text('country').notNull(),
    language: text('language').notNull(),
    step: text('step').notNull(),
    document: jsonb('document').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token, AES-GCM sealed, until the mail that carries it is delivered; then null. */
    sealedToken: text('sealed_token'),
    /** Counts the mails of this row: only the newest one carries the live link. */
    generation: integer('generation').notNull().default(1),
    /** 'saved' by the customer, or 'abandoned' (found by the reminder scan). */
    source: text('source').notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the reminder scan decided this journey (sent, opted out or paid): never twice. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    reminderOutcome: text('reminder_outcome'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('saved_quotes_token_idx').on(table.tokenHash),
    index('saved_quotes_reminder_idx').on(table.remindedAt, table.leftAt),
    index('saved_quotes_resumed_idx').on(table.resumedSessionName),
  ],
);

/**
 * Back-office and agents' desk accounts (issue 18, decision 078). A password is kept as its scrypt
 * hash; the TOTP secret sealed (AES-GCM) under a server secret. `agentCode` binds an agent's account
 * to one agent code and its sub-agents. Failed sign-ins count towards a lock.
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    role: text('role').notNull(),
    agentCode: text('agent_code'),
    passwordHash: text('password_hash').notNull(),
    /** The sealed TOTP secret; `totpConfirmedAt` is set once a first code from it was typed back. */
    totpSecret: text('totp_secret'),
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdBy: text('created_by'),
    updatedBy: text('updated_by'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('staff_accounts_username_idx').on(table.username),
    index('staff_accounts_agent_idx').on(table.agentCode),
  ],
);

/**
 * Back-office sessions: the SHA-256 of the cookie's token, the CSRF token the pages send back in a
 * header, and the stage: `password` (a second factor is still due) or `ready`.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    stage: text('stage').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('staff_sessions_account_idx').on(table.accountId)],
);

/** Password-reset links: the SHA-256 of the token, valid an hour, used once. */
export const staffPasswordResets = pgTable('staff_password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => staffAccounts.id, { onDelete: 'cascade' }),
  /** The link, sealed, until its mail is delivered (as the policyholder's codes are). */
  sealedToken: text('sealed_token'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * The audit trail (issue 18): who changed what, when, with the record before and after (personal
 * data masked). Revealing a masked value is itself a row (`action` = 'reveal').
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id'),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    note: text('note'),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entityId, table.at),
    index('audit_log_actor_idx').on(table.actorId, table.at),
  ],
);

/**
 * What a staff member gave with a claim's status change (issue 18, decision 081): the note (e-mailed
 * when more information is needed), the amount approved in cents, the payout's reference, and who.
 * One row per staff move, beside the claim event it explains.
 */
export const claimDecisions = pgTable(
  'claim_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.claimId),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    amountApprovedCents: bigint('amount_approved_cents', { mode: 'number' }),
    payoutReference: text('payout_reference'),
    actorId: uuid('actor_id'),
    actor: text('actor').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('claim_decisions_claim_idx').on(table.claimId, table.id)],
);

/**
 * Maker-checker (issue 31, decision 149): a change one person asked for that a second account with the
 * permission must confirm before it takes effect, a claim's approval above its market's amount first.
 * The request is kept as asked; who asked, who decided, when and how are the audit's, and one request
 * waits per record at a time.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What is to be approved: `claim-approval`. */
    kind: text('kind').notNull(),
    /** The record it changes (a claim's id). */
    entityId: text('entity_id').notNull(),
    /** The change as asked (for a claim: the amount approved and the note). */
    request: jsonb('request').notNull(),
    /** The maker's account (the check is by account, not by a name that can change) and its label. */
    requestedById: uuid('requested_by_id').notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedById: uuid('decided_by_id'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** confirmed (by a second account), rejected (by one), withdrawn (by the maker). */
    outcome: text('outcome'),
    decisionNote: text('decision_note'),
  },
  (table) => [
    uniqueIndex('approval_requests_waiting_idx')
      .on(table.kind, table.entityId)
      .where(sql`${table.outcome} is null`),
    index('approval_requests_waiting_since_idx').on(table.requestedAt).where(sql`${table.outcome} is null`),
  ],
);

/**
 * Underwriting referrals (issue 18, decision 089): a personal accident quote the shop refused for an
 * underwriting reason, referred by its customer, accepted with terms or refused. The ID number is kept
 * as a keyed hash for matching (`idKey`), masked for lists, and sealed (AES-GCM) for an audited reveal;
 * never in plain text. One open referral per applicant, product and reason.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productType: text('product_type').notNull(),
    country: text('country').notNull(),
    /** OCCUPATION_DECLINED or CLAIMS_REFER_TO_AGENT (referral-rules.ts). */
    reason: text('reason').notNull(),
    /** The quote as referred (validated, re-rated and refused by the server; no applicant, no prices). */
    document: jsonb('document').notNull(),
    fullName: text('full_name').notNull(),
    idType: text('id_type').notNull(),
    idKey: text('id_key').notNull(),
    idMasked: text('id_masked').notNull(),
    idSealed: text('id_sealed').notNull(),
    mobileNoCountryCode: text('mobile_no_country_code').notNull(),
    mobileNo: text('mobile_no').notNull(),
    email: text('email').notNull(),
    language: text('language').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('open'),
    decidedBy: text('decided_by'),
    decidedById: uuid('decided_by_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    acceptedClass: text('accepted_class'),
    loadingBasisPoints: integer('loading_basis_points'),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** The saved quote whose e-mailed link reopens the accepted quote (decision 076). */
    savedQuoteId: uuid('saved_quote_id'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('referrals_one_open_idx')
      .on(table.idKey, table.productType, table.reason)
      .where(sql`status = 'open'`),
    index('referrals_status_idx').on(table.status, table.createdAt),
  ],
);

/**
 * The desk's pre-filled quote links (decision 090): a short unguessable code, the agent it carries and
 * the quote form's choices (no personal data). Opens are counted on the row.
 */
export const quoteLinks = pgTable(
  'quote_links',
  {
    code: text('code').primaryKey(),
    agentCode: text('agent_code').notNull(),
    subAgentCode: text('sub_agent_code'),
    campaignCode: text('campaign_code'),
    /** travel, pa or home (the path's product). */
    product: text('product').notNull(),
    market: text('market').notNull(),
    language: text('language').notNull(),
    prefill: jsonb('prefill').notNull(),
    opens: integer('opens').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('quote_links_agent_idx').on(table.agentCode, table.createdAt)],
);

/**
 * Visit counts of the dashboard's funnel (decision 090): landing documents served and quote pages
 * reached, per market-local day, product and market. Incremented in batches by each instance.
 */
export const funnelCounts = pgTable(
  'funnel_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    product: text('product').notNull(),
    market: text('market').notNull(),
    step: text('step').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.product, table.market, table.step] })],
);
