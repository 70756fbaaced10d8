import type { Chart as ChartType, ChartConfiguration } from 'chart.js';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { formatCount, formatINR } from '../../../lib/format';
import { orderStatusLabel } from '@shop/proto-contracts/web';
import type { CategoryCount, DailySales, SalesStatsData, StatusCount } from '../api/admin-dashboard-documents';

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

/** A doughnut of slices, each value told by `format` in its tooltip; the legend beside it, or below on a narrow card. */
function doughnut(canvas: RefObject<HTMLCanvasElement | null>, slices: Array<{ label: string; value: number; colour: string }>, format: (value: number) => string): ChartConfiguration<'doughnut'> {
  const narrow = (canvas.current?.parentElement?.clientWidth ?? 600) < 520;
  return {
    type: 'doughnut',
    data: {
      labels: slices.map((slice) => slice.label),
      datasets: [{ data: slices.map((slice) => slice.value), backgroundColor: slices.map((slice) => slice.colour), borderColor: '#ffffff', borderWidth: 2 }],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      cutout: '58%',
      plugins: {
        legend: { position: narrow ? 'bottom' : 'right', labels: { boxWidth: 12, boxHeight: 12, padding: 10 } },
        tooltip: { callbacks: { label: (item) => ` ${item.label}: ${format(Number(item.raw))}` } },
      },
    },
  };
}

interface ChartFrameProps {
  title: string;
  note?: string;
  state: DrawState;
  canvas: RefObject<HTMLCanvasElement | null>;
  table: ReactNode;
  tall?: boolean;
  /** Another period's figures are on their way. */
  busy?: boolean;
}

function ChartFrame({ title, note, state, canvas, table, tall, busy }: ChartFrameProps) {
  const titleId = useId();
  return (
    <figure className={`admin-chart${busy ? ' admin-chart--busy' : ''}`} aria-labelledby={titleId} aria-busy={busy || undefined}>
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
    () =>
      doughnut(
        canvas,
        shown.map((c, i) => ({ label: c.name, value: c.count, colour: PALETTE[i % PALETTE.length]! })),
        formatCount,
      ),
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

  if (shown.length === 0) return <EmptyChart title="Products per category" text="No products yet." />;
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
export function SalesChart({ daily, busy }: { daily: DailySales[]; busy?: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const key = JSON.stringify(daily);
  const sum = daily.reduce((total, d) => total + d.total, 0);
  const orders = daily.reduce((total, d) => total + d.orders, 0);
  // A week reads 'Mon' / 'Nov 17' under each bar; a month only 'Nov 17', Chart.js leaving out what does not fit.
  const long = daily.length > 14;

  const state = useChart(
    canvas,
    () => ({
      type: 'bar',
      data: {
        labels: daily.map((d) => (long ? monthDay.format(dayOf(d.date)) : [weekday.format(dayOf(d.date)), monthDay.format(dayOf(d.date))])),
        datasets: [
          {
            label: 'Sales',
            data: daily.map((d) => d.total),
            backgroundColor: daily.map((_, i) => (i === daily.length - 1 ? '#f59e0b' : '#1d4ed8')),
            borderRadius: long ? 3 : 6,
            maxBarThickness: 48,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          x: { grid: { display: false }, ticks: long ? { maxRotation: 0, autoSkip: true, autoSkipPadding: 12 } : { maxRotation: 0, autoSkip: false } },
          y: { beginAtZero: true, ticks: { callback: (value) => axisRupees(Number(value)), maxTicksLimit: 6 } },
        },
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              title: (items) => dayName.format(dayOf(daily[items[0]!.dataIndex]!.date)),
              label: (item) => {
                const day = daily[item.dataIndex]!;
                return ` ${formatINR(day.total)} · ${ordersOf(day.orders)}`;
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
      note={`${formatINR(sum)} from ${ordersOf(orders)} · today in amber`}
      state={state}
      canvas={canvas}
      table={table}
      busy={busy}
    />
  );
}

function ordersOf(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'order' : 'orders'}`;
}

// The order badges' colours: waiting amber, on its way blue and violet, done green, cancelled red.
const STATUS_COLOURS: Record<string, string> = {
  pending: '#d97706',
  processing: '#1d4ed8',
  shipped: '#7c3aed',
  delivered: '#15803d',
  cancelled: '#b91c1c',
};

/** An empty chart of the period: its title and what is missing, no canvas. */
function EmptyChart({ title, text, busy }: { title: string; text: string; busy?: boolean }) {
  return (
    <div className={`admin-chart admin-chart--empty${busy ? ' admin-chart--busy' : ''}`} aria-busy={busy || undefined}>
      <h3 className="admin-chart__title">{title}</h3>
      <p className="admin-chart__empty">{text}</p>
    </div>
  );
}

/** Horizontal bars of the orders placed in the period, by their status now. */
export function StatusChart({ counts, days, busy }: { counts: StatusCount[]; days: number; busy?: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const total = counts.reduce((sum, c) => sum + c.orders, 0);
  const key = JSON.stringify(counts);
  const title = 'Orders by status';

  const state = useChart(
    canvas,
    () => ({
      type: 'bar',
      data: {
        labels: counts.map((c) => orderStatusLabel(c.status)),
        datasets: [
          {
            label: 'Orders',
            data: counts.map((c) => c.orders),
            backgroundColor: counts.map((c) => STATUS_COLOURS[c.status] ?? '#475569'),
            borderRadius: 4,
            maxBarThickness: 28,
          },
        ],
      },
      options: {
        indexAxis: 'y',
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          x: { beginAtZero: true, ticks: { precision: 0, maxTicksLimit: 6 } },
          y: { grid: { display: false } },
        },
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: (item) => ` ${ordersOf(Number(item.raw))}` } },
        },
      },
    }),
    key,
  );

  if (total === 0) return <EmptyChart title={title} text={`No orders in the last ${days} days.`} busy={busy} />;
  const table = (
    <table className="admin-chart__table">
      <caption className="sr-only">Orders of the last {days} days by status</caption>
      <thead>
        <tr>
          <th scope="col">Status</th>
          <th scope="col">Orders</th>
        </tr>
      </thead>
      <tbody>
        {counts.map((c) => (
          <tr key={c.status}>
            <th scope="row">{orderStatusLabel(c.status)}</th>
            <td>{formatCount(c.orders)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return <ChartFrame title={title} note={`${ordersOf(total)} placed in the last ${days} days, by status now`} state={state} canvas={canvas} table={table} busy={busy} />;
}

/** The three columns of the top products' and categories' tables. */
function LineSalesTable({ caption, head, rows }: { caption: string; head: string; rows: Array<LineSales & { key: string }> }) {
  return (
    <table className="admin-chart__table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <th scope="col">Units</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.name}</th>
            <td>{formatCount(r.units)}</td>
            <td>{formatINR(r.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const VALUE_NOTE = 'item value at listed prices (GST included), before discounts and shipping';

/** A product name on an axis: short enough for a phone (the table and tooltip have it whole). */
const shortName = (name: string, max: number) => (name.length > max ? `${name.slice(0, max - 1).trimEnd()}…` : name);

/** Horizontal bars of the period's best-selling products by value. */
export function TopProductsChart({ products, days, busy }: { products: Array<LineSales & { productId: string }>; days: number; busy?: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const key = JSON.stringify(products);
  const title = 'Top products';

  const state = useChart(
    canvas,
    () => {
      const narrow = (canvas.current?.parentElement?.clientWidth ?? 600) < 420;
      return {
        type: 'bar',
        data: {
          labels: products.map((p) => shortName(p.name, narrow ? 16 : 28)),
          datasets: [{ label: 'Value', data: products.map((p) => p.value), backgroundColor: '#0f766e', borderRadius: 4, maxBarThickness: 28 }],
        },
        options: {
          indexAxis: 'y',
          responsive: true,
          maintainAspectRatio: false,
          scales: {
            x: { beginAtZero: true, ticks: { callback: (value) => axisRupees(Number(value)), maxTicksLimit: narrow ? 4 : 6 } },
            y: { grid: { display: false } },
          },
          plugins: {
            legend: { display: false },
            tooltip: {
              callbacks: {
                title: (items) => products[items[0]!.dataIndex]!.name,
                label: (item) => {
                  const p = products[item.dataIndex]!;
                  return ` ${formatINR(p.value)} · ${formatCount(p.units)} ${p.units === 1 ? 'unit' : 'units'}`;
                },
              },
            },
          },
        },
      };
    },
    key,
  );

  if (products.length === 0) return <EmptyChart title={title} text={`Nothing sold in the last ${days} days.`} busy={busy} />;
  const table = <LineSalesTable caption={`Top products of the last ${days} days`} head="Product" rows={products.map((p) => ({ ...p, key: p.productId }))} />;
  return <ChartFrame title={title} note={`Last ${days} days by ${VALUE_NOTE}`} state={state} canvas={canvas} table={table} busy={busy} />;
}

/** Doughnut of the period's sales by top-level category (as each order line recorded it). */
export function CategorySalesChart({ categories, days, busy }: { categories: Array<LineSales & { categoryId: string | null }>; days: number; busy?: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const key = JSON.stringify(categories);
  const total = categories.reduce((sum, c) => sum + c.value, 0);
  const title = 'Sales by category';

  const state = useChart(
    canvas,
    () =>
      doughnut(
        canvas,
        categories.map((c, i) => ({ label: c.name, value: c.value, colour: c.categoryId === null ? '#94a3b8' : PALETTE[i % PALETTE.length]! })),
        formatINR,
      ),
    key,
  );

  if (categories.length === 0) return <EmptyChart title={title} text={`Nothing sold in the last ${days} days.`} busy={busy} />;
  const table = (
    <LineSalesTable caption={`Sales by category, last ${days} days`} head="Category" rows={categories.map((c) => ({ ...c, key: c.categoryId ?? 'none' }))} />
  );
  return <ChartFrame title={title} note={`${formatINR(total)} in the last ${days} days (${VALUE_NOTE})`} state={state} canvas={canvas} table={table} busy={busy} tall />;
}

/** What a product or a category sold in the period: item value (price × quantity) in rupees. */
type LineSales = Pick<SalesStatsData['salesStats']['topProducts'][number], 'name' | 'units' | 'value'>;
