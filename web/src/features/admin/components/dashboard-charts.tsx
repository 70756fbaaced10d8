import type { Chart as ChartType, ChartConfiguration } from 'chart.js';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { formatCount, formatINR } from '../../../lib/format';
import type { CategoryCount, DailySales } from '../api/admin-dashboard-documents';

type ChartModule = typeof import('./dashboard-chart-setup');

let chartModule: Promise<ChartModule> | null = null;

/** Chart.js, loaded once and only when a chart is first drawn; a failed load is tried again next time. */
function loadCharts(): Promise<ChartModule> {
  chartModule ??= import('./dashboard-chart-setup').catch((error: unknown) => {
    chartModule = null;
    throw error;
  });
  return chartModule;
}

type DrawState = 'loading' | 'drawn' | 'failed';

/**
 * Draws a chart on the canvas once Chart.js is there, and again when `config` changes. The data
 * table beside every chart is its text alternative; it is shown instead when Chart.js cannot load.
 */
function useChart(canvas: RefObject<HTMLCanvasElement | null>, config: () => ChartConfiguration, key: string): DrawState {
  const [state, setState] = useState<DrawState>('loading');
  const configRef = useRef(config);
  configRef.current = config;

  useEffect(() => {
    let chart: ChartType | undefined;
    let cancelled = false;
    loadCharts().then(
      ({ Chart }) => {
        if (cancelled || !canvas.current) return;
        chart = new Chart(canvas.current, configRef.current());
        setState('drawn');
      },
      () => {
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [canvas, key]);

  return state;
}

// Distinct, readable on white; categories keep their colour as long as their order stays.
const PALETTE = [
  '#1d4ed8', '#f59e0b', '#15803d', '#b91c1c', '#7c3aed', '#0891b2', '#db2777', '#65a30d',
  '#ea580c', '#0f766e', '#4f46e5', '#ca8a04', '#9333ea', '#0284c7', '#be123c', '#475569',
];

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayName = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A YYYY-MM-DD shop day as a calendar day (not an instant: no time zone may shift it). */
function dayOf(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

/** Money on an axis: whole rupees read better there ('₹1,200'). */
const axisRupees = (value: number) => formatINR(value).replace(/\.00$/, '');

interface ChartFrameProps {
  title: string;
  note?: string;
  state: DrawState;
  canvas: RefObject<HTMLCanvasElement | null>;
  table: ReactNode;
  tall?: boolean;
}

function ChartFrame({ title, note, state, canvas, table, tall }: ChartFrameProps) {
  const titleId = useId();
  return (
    <figure className="admin-chart" aria-labelledby={titleId}>
      <figcaption className="admin-chart__head">
        <h3 id={titleId} className="admin-chart__title">
          {title}
        </h3>
        {note ? <p className="admin-chart__note">{note}</p> : null}
      </figcaption>
      {state === 'failed' ? (
        <div className="admin-chart__fallback">{table}</div>
      ) : (
        <>
          <div className={`admin-chart__canvas${tall ? ' admin-chart__canvas--tall' : ''}`} aria-busy={state === 'loading' || undefined}>
            {/* The table below says the same in text. */}
            <canvas ref={canvas} aria-hidden="true" />
          </div>
          <div className="sr-only">{table}</div>
        </>
      )}
    </figure>
  );
}

/** Doughnut of products per category (the categories that have products). */
export function CategoryChart({ counts }: { counts: CategoryCount[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const shown = counts.filter((c) => c.count > 0);
  const total = shown.reduce((sum, c) => sum + c.count, 0);
  const key = JSON.stringify(shown);

  const state = useChart(
    canvas,
    () => {
      const narrow = (canvas.current?.parentElement?.clientWidth ?? 600) < 520;
      return {
        type: 'doughnut',
        data: {
          labels: shown.map((c) => c.name),
          datasets: [
            {
              data: shown.map((c) => c.count),
              backgroundColor: shown.map((_, i) => PALETTE[i % PALETTE.length]),
              borderColor: '#ffffff',
              borderWidth: 2,
            },
          ],
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          cutout: '58%',
          plugins: {
            legend: { position: narrow ? 'bottom' : 'right', labels: { boxWidth: 12, boxHeight: 12, padding: 10 } },
            tooltip: { callbacks: { label: (item) => ` ${item.label}: ${formatCount(Number(item.raw))}` } },
          },
        },
      };
    },
    key,
  );

  const table = (
    <table className="admin-chart__table">
      <caption className="sr-only">Products per category</caption>
      <thead>
        <tr>
          <th scope="col">Category</th>
          <th scope="col">Products</th>
        </tr>
      </thead>
      <tbody>
        {shown.map((c) => (
          <tr key={c.key}>
            <th scope="row">{c.name}</th>
            <td>{formatCount(c.count)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );

  if (shown.length === 0) {
    return (
      <div className="admin-chart admin-chart--empty">
        <h3 className="admin-chart__title">Products per category</h3>
        <p className="admin-chart__empty">No products yet.</p>
      </div>
    );
  }
  return (
    <ChartFrame
      title="Products per category"
      note={`${formatCount(total)} products in ${shown.length} ${shown.length === 1 ? 'category' : 'categories'}`}
      state={state}
      canvas={canvas}
      table={table}
      tall
    />
  );
}

/** Bars of the sales of each of the last days (Asia/Kolkata), oldest first. */
export function SalesChart({ daily }: { daily: DailySales[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const key = JSON.stringify(daily);
  const week = daily.reduce((sum, d) => sum + d.total, 0);

  const state = useChart(
    canvas,
    () => ({
      type: 'bar',
      data: {
        // Two lines under each bar ('Mon' / 'Nov 17'): no slanted labels on a phone.
        labels: daily.map((d) => [weekday.format(dayOf(d.date)), monthDay.format(dayOf(d.date))]),
        datasets: [
          {
            label: 'Sales',
            data: daily.map((d) => d.total),
            backgroundColor: daily.map((_, i) => (i === daily.length - 1 ? '#f59e0b' : '#1d4ed8')),
            borderRadius: 6,
            maxBarThickness: 48,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: false } },
          y: { beginAtZero: true, ticks: { callback: (value) => axisRupees(Number(value)), maxTicksLimit: 6 } },
        },
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              label: (item) => {
                const day = daily[item.dataIndex];
                return ` ${formatINR(day.total)} · ${day.orders} ${day.orders === 1 ? 'order' : 'orders'}`;
              },
            },
          },
        },
      },
    }),
    key,
  );

  const table = (
    <table className="admin-chart__table">
      <caption className="sr-only">Daily sales, last {daily.length} days</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Orders</th>
          <th scope="col">Sales</th>
        </tr>
      </thead>
      <tbody>
        {daily.map((d) => (
          <tr key={d.date}>
            <th scope="row">{dayName.format(dayOf(d.date))}</th>
            <td>{formatCount(d.orders)}</td>
            <td>{formatINR(d.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    <ChartFrame
      title={`Daily sales, last ${daily.length} days`}
      note={`${formatINR(week)} in all · today in amber`}
      state={state}
      canvas={canvas}
      table={table}
    />
  );
}
