import styles from '../claims/claims.module.css';
import { useCan } from '../signed-in-account';
import { useStaffQuery } from '../staff-query';
import { Banners, type TBanner } from './banners-panel';
import { Flags, type TFlags } from './flags-panel';
import { Notices, type TNotice } from './notices-panel';
import { ScheduledWork } from './scheduled-work-panel';

/** The settings as the server sends them. */
type TSystem = { flags: TFlags[]; notices: TNotice[]; banners: TBanner[] };

/**
 * System settings (issue 18, decision 082): flags per market, maintenance notices and banners. A
 * change reaches every server within seconds; turning a market's system off or private mode on asks
 * first. Staff screens are English only.
 */
export default function SystemPage() {
  // Operations changes the settings; marketing and read-only accounts see them (the server's guard).
  const mayChange = useCan('system.write');
  const answer = useStaffQuery<TSystem>('/admin/system');
  const system = answer.data;
  const error = answer.error ?? '';
  const load = answer.reload;
  return (
    <section className={styles.page} aria-labelledby="system-heading">
      <h1 id="system-heading" className={styles.heading}>
        System settings
      </h1>
      {error && (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      )}
      {!system && !error && (
        <p role="status" className={styles.muted}>
          Loading settings…
        </p>
      )}
      {system && (
        <>
          <Flags rows={system.flags} onChanged={load} mayChange={mayChange} />
          <Notices rows={system.notices} onChanged={load} mayChange={mayChange} />
          <Banners rows={system.banners} onChanged={load} mayChange={mayChange} />
          {/* Outside prod only (decision 129): the panel shows nothing where its call does not exist. */}
          <ScheduledWork mayRun={mayChange} />
        </>
      )}
    </section>
  );
}
