import type { TPermission } from '@lionrock/domain/back-office/staff-rules';
import type { ComponentType } from 'react';

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
  permission: TPermission;
  nav?: boolean;
  load: () => Promise<{ default: ComponentType }>;
};

export const BACK_OFFICE_PAGES: TBackOfficePage[] = [
  // Each area's lines go here, e.g.
  // { desk: 'admin', path: 'policies/*', label: 'Policies', permission: 'policies.read', load: () => import('./operations/policies-page') },
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
