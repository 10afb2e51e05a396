import { backOfficeCall } from '../back-office-api';
import styles from '../claims/claims.module.css';
import { DataTable } from '../data-table';
import { PanelStatus, usePanelAction } from './setting-actions';
import { MARKETS, type TSection } from './system-shared';

/** A market's flags as the server keeps them. */
export type TFlags = {
  country: string;
  systemAvailable: boolean;
  privateMode: boolean;
  paynowAvailable: boolean;
  seniorLoadingAvailable: boolean;
};
const FLAG_LABELS: Record<Exclude<keyof TFlags, 'country'>, string> = {
  systemAvailable: 'System available',
  privateMode: 'Private mode (no quotes)',
  paynowAvailable: 'PayNow available',
  seniorLoadingAvailable: 'Senior loading',
};

/**
 * The flags per market (decision 082): a toggle each for system.write, turning a market's system off
 * or private mode on asked first; what changed is said.
 */
export function Flags({ rows: flags, onChanged, mayChange }: TSection<TFlags>) {
  const { busy, error, saved: done, run } = usePanelAction(onChanged);
  const change = async (country: string, flag: keyof typeof FLAG_LABELS, value: boolean) => {
    const risky = (flag === 'systemAvailable' && !value) || (flag === 'privateMode' && value);
    if (
      risky &&
      !window.confirm(
        flag === 'systemAvailable'
          ? `Turn the system off in ${MARKETS[country]}? Customers there cannot buy until it is on again.`
          : `Turn private mode on in ${MARKETS[country]}? Customers there cannot get quotes until it is off again.`,
      )
    )
      return;
    await run(() => backOfficeCall('PUT', `/admin/system/flags/${country}`, { [flag]: value }), {
      busy: `${country}.${flag}`,
      saved: `${FLAG_LABELS[flag]} is now ${value ? 'on' : 'off'} in ${MARKETS[country]}. Every server has it within seconds.`,
    });
  };
  return (
    <div className={styles.card}>
      <h2 className={styles.subheading}>Flags per market</h2>
      <DataTable
        rows={flags}
        rowKey={(row) => row.country}
        columns={[
          { header: 'Market', cell: (row) => MARKETS[row.country] ?? row.country, rowHeader: true },
          ...(Object.keys(FLAG_LABELS) as (keyof typeof FLAG_LABELS)[]).map((flag) => ({
            header: FLAG_LABELS[flag],
            cell: (row: TFlags) =>
              mayChange ? (
                <label className={styles.toggle}>
                  <input
                    type="checkbox"
                    checked={row[flag]}
                    disabled={busy !== ''}
                    aria-busy={busy === `${row.country}.${flag}`}
                    onChange={(event) => void change(row.country, flag, event.target.checked)}
                  />
                  <span>
                    {FLAG_LABELS[flag]}, {MARKETS[row.country]}
                  </span>
                </label>
              ) : row[flag] ? (
                'On'
              ) : (
                'Off'
              ),
          })),
        ]}
      />
      <PanelStatus busy={busy !== ''} error={error} saved={done} savedClass={styles.success} />
    </div>
  );
}
