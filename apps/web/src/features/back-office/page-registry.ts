import type { TPermission } from '@lionrock/domain/back-office/staff-rules';
import type { ComponentType } from 'react';
import type { TDeskKey } from './desk-texts';

/**
 * Every screen of the back office (`/admin/...`) and the agents' desk (`/agent/...`), in one list the
 * shell reads for its routes and its navigation (decision 078). Each area adds its own entries; a
 * page's code loads only when it is opened. `path` is below `/admin/` or `/agent/` (may end in `/*`
 * for the page's own sub-routes); `nav` false keeps a page (a record's detail) out of the menu.
 */
export type TBackOfficePage = {
  desk: 'admin' | 'agent';
  path: string;
  label: string;
  /** The menu's words from the desk's dictionary (the agents' desk in Chinese); `label` when absent. */
  labelKey?: TDeskKey;
  permission: TPermission;
  nav?: boolean;
  load: () => Promise<{ default: ComponentType }>;
};

export const BACK_OFFICE_PAGES: TBackOfficePage[] = [
  // Each area's lines go here, e.g.
  // { desk: 'admin', path: 'policies/*', label: 'Policies', permission: 'policies.read', load: () => import('./operations/policies-page') },
  // The dashboard, first of the admin pages (decision 084).
  {
    desk: 'admin',
    path: 'dashboard',
    label: 'Dashboard',
    permission: 'dashboard.read',
    load: () => import('./dashboard/dashboard-page'),
  },
  // Marketing: campaigns and promo codes (decision 078's roles).
  {
    desk: 'admin',
    path: 'campaigns',
    label: 'Campaigns',
    permission: 'marketing.read',
    load: () => import('./marketing/campaigns-page'),
  },
  // Marketing's partners and operations' accounts (decision 086).
  {
    desk: 'admin',
    path: 'agents',
    label: 'Agents',
    permission: 'marketing.read',
    load: () => import('./partners/agents-page'),
  },
  {
    desk: 'admin',
    path: 'staff-codes',
    label: 'Staff codes',
    permission: 'marketing.read',
    load: () => import('./partners/staff-codes-page'),
  },
  {
    desk: 'admin',
    path: 'accounts',
    label: 'Accounts',
    permission: 'accounts.write',
    load: () => import('./accounts/accounts-page'),
  },
  // Operations (decision 080).
  {
    desk: 'admin',
    path: 'policies/*',
    label: 'Policies',
    permission: 'policies.read',
    load: () => import('./operations/policies-page'),
  },
  {
    desk: 'admin',
    path: 'queues',
    label: 'Queues',
    permission: 'operations.read',
    load: () => import('./operations/queues-page'),
  },
  {
    desk: 'admin',
    path: 'mail',
    label: 'Mail outbox',
    permission: 'operations.read',
    load: () => import('./operations/mail-page'),
  },
  // Failed renewals, failed jobs and client logs (decision 088).
  {
    desk: 'admin',
    path: 'failed-renewals',
    label: 'Failed renewals',
    permission: 'operations.read',
    load: () => import('./operations/failed-renewals-page'),
  },
  {
    desk: 'admin',
    path: 'failed-jobs',
    label: 'Failed jobs',
    permission: 'operations.read',
    load: () => import('./operations/failed-jobs-page'),
  },
  {
    desk: 'admin',
    path: 'client-logs',
    label: 'Client logs',
    permission: 'operations.read',
    load: () => import('./operations/client-logs-page'),
  },
  // Underwriting (decision 085).
  {
    desk: 'admin',
    path: 'blacklist',
    label: 'Blacklist',
    permission: 'underwriting.read',
    load: () => import('./underwriting/blacklist-page'),
  },
  {
    desk: 'admin',
    path: 'rate-tables',
    label: 'Rate tables',
    permission: 'underwriting.read',
    load: () => import('./underwriting/rate-tables-page'),
  },
  // Referrals customers sent to underwriting (decision 089).
  {
    desk: 'admin',
    path: 'referrals/*',
    label: 'Referrals',
    permission: 'underwriting.read',
    load: () => import('./underwriting/referrals-page'),
  },
  // The agents' desk (decision 083).
  {
    desk: 'agent',
    path: 'sales',
    label: 'My sales',
    labelKey: 'nav.sales',
    permission: 'desk.read',
    load: () => import('./desk/desk-home-page'),
  },
  {
    desk: 'agent',
    path: 'links',
    label: 'Share a quote link',
    labelKey: 'nav.links',
    permission: 'desk.read',
    load: () => import('./desk/quote-link-page'),
  },
  // An agent's quote for a customer, mailed to the customer (decision 087).
  {
    desk: 'agent',
    path: 'customer-quote',
    label: 'Quote for a customer',
    labelKey: 'nav.customerQuote',
    permission: 'desk.read',
    load: () => import('./desk-quote/customer-quote-page'),
  },
  // Claims queue and system settings (decisions 081, 082).
  {
    desk: 'admin',
    path: 'claims/*',
    label: 'Claims',
    permission: 'claims.read',
    load: () => import('./claims/claims-page'),
  },
  {
    desk: 'admin',
    path: 'system',
    label: 'System settings',
    permission: 'system.read',
    load: () => import('./system/system-page'),
  },
];
