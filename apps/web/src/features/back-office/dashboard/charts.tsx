import type { ReactNode } from 'react';
import { DataTable } from '../data-table';
import { staffCalendarDay } from '../staff-dates';
import styles from './dashboard.module.css';

/**
 * Charts drawn by hand as SVG (decision 084): each is a figure with a title, a one-sentence summary
 * and the numbers as a table in a <details>, so a screen reader (or anyone) gets the figures; the
 * SVG itself is labelled by the title and summary.
 */
type TChartFrame = { id: string; title: string; summary: string; table: ReactNode; children: ReactNode };

function ChartFrame({ id, title, summary, table, children }: TChartFrame) {
  return (
    <figure className={styles.chart} aria-labelledby={`${id}-title`} data-testid={`chart-${id}`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-summary`} className={styles.summary}>
        {summary}
      </p>
      {children}
      <details className={styles.details}>
        <summary>Show the numbers</summary>
        {table}
      </details>
    </figure>
  );
}

export type TColumn<T> = { header: string; value: (row: T) => string; number?: boolean };

/** A chart's numbers: the back office's table, the first column naming each row. */
function ChartTable<T>({ caption, rows, columns }: { caption: string; rows: T[]; columns: TColumn<T>[] }) {
  return (
    <DataTable
      caption={caption}
      captionClassName={styles.summary}
      rows={rows}
      columns={columns.map((column, index) => ({
        header: column.header,
        cell: column.value,
        rowHeader: index === 0,
        numeric: index > 0 && column.number,
      }))}
    />
  );
}

/** Vertical bars, one per day: the figure's scale is its largest day. */
export function DayBars<T extends { date: string }>(props: {
  id: string;
  title: string;
  summary: string;
  days: T[];
  value: (day: T) => number;
  columns: TColumn<T>[];
}) {
  const { id, title, summary, days, value } = props;
  const max = Math.max(1, ...days.map(value));
  const width = Math.max(days.length, 1) * 10;
  const height = 100;
  return (
    <ChartFrame
      id={id}
      title={title}
      summary={summary}
      table={<ChartTable caption={title} rows={days} columns={props.columns} />}
    >
      <div className={styles.axis} aria-hidden="true">
        <span>max {max}</span>
      </div>
      <svg
        className={styles.svg}
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={`${id}-title ${id}-summary`}
        style={{ aspectRatio: '3 / 1' }}
      >
        <title>{`${title}. ${summary}`}</title>
        <rect className={styles.track} x={0} y={0} width={width} height={height} />
        {days.map((day, index) => {
          const barHeight = (value(day) / max) * (height - 2);
          return (
            <rect
              key={day.date}
              className={styles.bar}
              x={index * 10 + 1}
              y={height - barHeight}
              width={8}
              height={barHeight}
            >
              <title>{`${staffCalendarDay(day.date)}: ${value(day)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className={styles.axis} aria-hidden="true">
        <span>{staffCalendarDay(days[0]?.date)}</span>
        <span>{staffCalendarDay(days[days.length - 1]?.date)}</span>
      </div>
    </ChartFrame>
  );
}

export type TBarRow = { label: string; value: number; text: string };

/** Horizontal bars, one per row, the label and figure above each bar (readable at 375 px). */
export function HorizontalBars<T>(props: {
  id: string;
  title: string;
  summary: string;
  bars: TBarRow[];
  rows: T[];
  columns: TColumn<T>[];
  accent?: boolean;
}) {
  const { id, title, summary, bars } = props;
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const rowHeight = 34;
  const width = 320;
  const height = Math.max(bars.length, 1) * rowHeight;
  return (
    <ChartFrame
      id={id}
      title={title}
      summary={summary}
      table={<ChartTable caption={title} rows={props.rows} columns={props.columns} />}
    >
      {bars.length > 0 && (
        <svg
          className={styles.svg}
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-summary`}
        >
          <title>{`${title}. ${summary}`}</title>
          {bars.map((bar, index) => {
            const y = index * rowHeight;
            return (
              <g key={bar.label}>
                <text className={styles.barText} x={0} y={y + 12}>
                  {`${bar.label}: ${bar.text}`}
                </text>
                <rect className={styles.track} x={0} y={y + 16} width={width} height={12} rx={2} />
                <rect
                  className={props.accent ? styles.barAccent : styles.bar}
                  x={0}
                  y={y + 16}
                  width={(bar.value / max) * width}
                  height={12}
                  rx={2}
                />
              </g>
            );
          })}
        </svg>
      )}
    </ChartFrame>
  );
}
