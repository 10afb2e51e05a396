import styles from './summary-list.module.css';

/** Label–value rows of a summary card, with the total (when given) set apart and announced on change. */
export function SummaryList({
  rows,
  total,
}: {
  rows: [string, string][];
  total?: { label: string; value: string; original?: string | null; originalLabel?: string };
}) {
  return (
    <dl className={styles.list}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.row}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {total ? (
        <div className={`${styles.row} ${styles.totalRow}`}>
          <dt>{total.label}</dt>
          <dd>
            {total.original ? (
              <del className={styles.original}>
                <span className="visually-hidden">{total.originalLabel} </span>
                {total.original}
              </del>
            ) : null}
            {total.value}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
