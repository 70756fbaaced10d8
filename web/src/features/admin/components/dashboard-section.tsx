import { useId, useState, type ReactNode } from 'react';
import { Spinner } from '../../../components/spinner';
import { formatCount, formatINR } from '../../../lib/format';
import { CHART_PERIODS, useDashboardStats, type ChartPeriod, type Figure } from '../hooks/use-dashboard-stats';
import { BoxesIcon, ChartIcon, ReceiptIcon, RefreshIcon, UsersIcon } from './admin-icons';
// Chart.js itself is not imported here: the charts load it with import() when first drawn.
import { LowStockLink } from './low-stock-section';
import { CategoryChart, CategorySalesChart, SalesChart, StatusChart, TopProductsChart } from './dashboard-charts';

const NOT_LOADED = 'Could not load this figure.';

interface StatCardProps<T> {
  label: string;
  figure: Figure<T>;
  show(value: T): string;
  icon: ReactNode;
  tone: 'blue' | 'green' | 'amber' | 'violet';
  hint?: string;
}

function StatCard<T>({ label, figure, show, icon, tone, hint }: StatCardProps<T>) {
  let value: ReactNode;
  if (figure.status === 'ready') value = show(figure.value);
  else if (figure.status === 'loading') {
    value = (
      <>
        <span className="stat-card__placeholder" aria-hidden="true" />
        <span className="sr-only">Loading</span>
      </>
    );
  } else {
    value = (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">Not available</span>
      </>
    );
  }
  return (
    <div className={`stat-card stat-card--${tone}`}>
      <span className="stat-card__icon" aria-hidden="true">
        {icon}
      </span>
      <dt className="stat-card__label">{label}</dt>
      <dd className="stat-card__value">{value}</dd>
      {figure.status === 'error' ? (
        <dd className="stat-card__hint stat-card__hint--error">{NOT_LOADED}</dd>
      ) : hint ? (
        <dd className="stat-card__hint">{hint}</dd>
      ) : null}
    </div>
  );
}

function ChartSlot({ title, figure, children, wide }: { title: string; figure: Figure<unknown>; children: ReactNode; wide?: boolean }) {
  if (figure.status === 'ready') return wide ? <div className="admin-dash__wide">{children}</div> : children;
  return (
    <div
      className={`admin-chart admin-chart--${figure.status === 'loading' ? 'loading' : 'empty'}${wide ? ' admin-dash__wide' : ''}`}
      aria-busy={figure.status === 'loading' || undefined}
    >
      <h3 className="admin-chart__title">{title}</h3>
      {figure.status === 'error' ? <p className="admin-chart__empty">{NOT_LOADED}</p> : null}
    </div>
  );
}

/**
 * The Dashboard section: the spec's cards and charts with real figures, the sales charts over the
 * last 7 or 30 days. Money is in rupees; days are Asia/Kolkata days; cancelled orders never count
 * in money.
 */
export function DashboardSection() {
  const headingId = useId();
  const [days, setDays] = useState<ChartPeriod>(7);
  const { catalog, users, sales, switching, refresh, refreshing } = useDashboardStats(days);
  const period = sales.status === 'ready' ? sales.value : undefined;
  const anyFailed = [catalog, users, sales].some((f) => f.status === 'error');

  return (
    <section className="admin-section admin-dash" aria-labelledby={headingId}>
      <div className="admin-section__head">
        <div>
          <h2 id={headingId} className="admin-section__title">
            Dashboard
          </h2>
          <p className="admin-section__note">Days are Indian (IST) days; cancelled orders are left out of every amount.</p>
        </div>
        <button type="button" className="btn btn--outline btn--sm" onClick={refresh} disabled={refreshing}>
          {refreshing ? <Spinner size="sm" /> : <RefreshIcon size={16} />}
          {refreshing ? 'Refreshing…' : 'Refresh figures'}
        </button>
      </div>
      {anyFailed ? (
        <p className="admin-dash__warning" role="alert">
          Some figures could not be loaded. Use Refresh figures to try again.
        </p>
      ) : null}

      <dl className="stat-cards" aria-busy={refreshing || undefined}>
        <StatCard label="Total Products" figure={catalog} show={(v) => formatCount(v.totalProducts)} icon={<BoxesIcon size={22} />} tone="blue" />
        <StatCard label="Total Users" figure={users} show={(v) => formatCount(v.totalUsers)} icon={<UsersIcon size={22} />} tone="violet" />
        <StatCard
          label="Today's Sales"
          figure={sales}
          show={(v) => formatINR(v.todaySales)}
          icon={<ReceiptIcon size={22} />}
          tone="amber"
          hint={sales.status === 'ready' ? ordersText(sales.value.daily.at(-1)?.orders ?? 0) : undefined}
        />
        <StatCard label="Total Earnings" figure={sales} show={(v) => formatINR(v.totalEarnings)} icon={<ChartIcon size={22} />} tone="green" hint="Collected, less refunds" />
        <StatCard label="Booked Orders" figure={sales} show={(v) => formatINR(v.bookedSales)} icon={<ReceiptIcon size={22} />} tone="blue" hint="Placed, not cancelled, cash not yet collected" />
      </dl>

      <LowStockLink />

      <div className="admin-dash__period">
        <div className="segmented" role="group" aria-label="Chart period">
          {CHART_PERIODS.map((n) => (
            <button key={n} type="button" className="segmented__option" aria-pressed={days === n} onClick={() => setDays(n)}>
              Last {n} days
            </button>
          ))}
        </div>
        <p className="admin-dash__range" aria-live="polite">
          {switching ? (
            <>
              <Spinner size="sm" /> Loading the last {days} days…
            </>
          ) : period ? (
            `${rangeText(period.from, period.to)} (IST)`
          ) : null}
        </p>
      </div>

      <div className="admin-dash__charts">
        <ChartSlot title="Daily sales" figure={sales} wide>
          {period ? <SalesChart daily={period.daily} busy={switching} /> : null}
        </ChartSlot>
        <ChartSlot title="Orders by status" figure={sales}>
          {period ? <StatusChart counts={period.periodByStatus} days={period.days} busy={switching} /> : null}
        </ChartSlot>
        <ChartSlot title="Top products" figure={sales}>
          {period ? <TopProductsChart products={period.topProducts} days={period.days} busy={switching} /> : null}
        </ChartSlot>
        <ChartSlot title="Sales by category" figure={sales}>
          {period ? <CategorySalesChart categories={period.salesByCategory} days={period.days} busy={switching} /> : null}
        </ChartSlot>
        <ChartSlot title="Products per category" figure={catalog}>
          {catalog.status === 'ready' ? <CategoryChart counts={catalog.value.byCategory} /> : null}
        </ChartSlot>
      </div>
    </section>
  );
}

const rangeDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const rangeDayYear = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '18 Nov – 24 Nov 2026' from two YYYY-MM-DD shop days. */
function rangeText(from: string, to: string): string {
  const day = (d: string) => new Date(`${d}T00:00:00Z`);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${(sameYear ? rangeDay : rangeDayYear).format(day(from))} – ${rangeDayYear.format(day(to))}`;
}

function ordersText(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'order' : 'orders'} today`;
}
