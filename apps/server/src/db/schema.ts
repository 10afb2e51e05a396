import { sql } from 'drizzle-orm';
import {
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
