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
  // The agents' desk (decision 083).
  {
    desk: 'agent',
    path: 'sales',
    label: 'My sales',
    permission: 'desk.read',
    load: () => import('./desk/desk-home-page'),
  },
  {
    desk: 'agent',
    path: 'links',
    label: 'Share a quote link',
    permission: 'desk.read',
    load: () => import('./desk/quote-link-page'),
  },
];
