import { Suspense, useId, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ORDER_FILTER_LABELS, ORDER_FILTERS, ORDER_MESSAGES, type OrderFilter } from '@kiln/contracts/constants';
import { messageOf } from '../../api/client';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { ChevronDown, OrdersIcon } from '../../ui/icons';
import { lazyPart } from '../../ui/lazy';
import { Menu, MenuItem } from '../../ui/Menu';
import { ScopePicker, scopeSearch, useBusinessScope } from '../business-scope';
import { formatUsd } from '../business-texts';
import { Pagination } from './deal-parts';
import { checkedDealPage, useOrderPushes } from './deal-pushes';
import { DealRow } from './DealRow';
import { dealKeys, orderApi, pageCount, type ReportMonth } from './orders-api';
import { monthLabel } from './orders-texts';
import '../business.css';
import './orders.css';

// The chart library is a chunk of its own, fetched once the orders list shows (ADR 0058).
const OrdersChart = lazyPart(() => import('./OrdersChart').then((m) => m.OrdersChart));

const FILTER_KEY = 'orders-filter';
function storedFilter(): OrderFilter {
  try {
    const value = sessionStorage.getItem(FILTER_KEY) as OrderFilter | null;
    return value && ORDER_FILTERS.includes(value) ? value : 'all';
  } catch {
    return 'all';
  }
}

/** Orders list (/business/orders, spec 002 §2): the filter in the title, header stats and chart, 10 a page, live. */
export function OrdersPage() {
  const [scope, setScope] = useBusinessScope();
  const [filter, setFilterState] = useState<OrderFilter>(storedFilter);
  const [page, setPage] = useState(0);
  const titleId = useId();
  const queryClient = useQueryClient();
  useOrderPushes();

  // Spec 002 §2: the choice is remembered for the session (default all).
  const setFilter = (next: OrderFilter) => {
    setFilterState(next);
    setPage(0);
    try {
      sessionStorage.setItem(FILTER_KEY, next);
    } catch {
      // private mode: not remembered
    }
  };
  const params = { scope, page, filter };
  const listKey = dealKeys.orderList(params);
  // Checked against the pushes of the last seconds: a refetch may read a projection behind them (ADR 0071).
  const list = useQuery({
    queryKey: listKey,
    queryFn: async () => checkedDealPage(queryClient, listKey, await orderApi.list(params), listKey[3]),
    placeholderData: keepPreviousData,
  });
  const reports = useQuery({ queryKey: dealKeys.reports(scope), queryFn: () => orderApi.reports(scope) });
  const pages = pageCount(list.data?.total ?? 0);
  const orders = list.data?.data ?? [];

  return (
    <section className="business-page orders-page" aria-labelledby={titleId}>
      <div className="page-header">
        <h1 id={titleId} className="title-menu">
          <Menu
            align="left"
            label="Orders shown"
            trigger={(props) => (
              <button type="button" className="title-menu-button" data-testid="orders-filter" {...props}>
                {ORDER_FILTER_LABELS[filter]} <ChevronDown size={20} />
              </button>
            )}
          >
            {(close) =>
              ORDER_FILTERS.map((f) => (
                <MenuItem
                  key={f}
                  checked={f === filter}
                  testId={`orders-filter-${f}`}
                  onSelect={() => {
                    close();
                    setFilter(f);
                  }}
                >
                  {ORDER_FILTER_LABELS[f]}
                </MenuItem>
              ))
            }
          </Menu>
        </h1>
        <div className="business-actions">
          <ScopePicker
            scope={scope}
            onChange={(next) => {
              setPage(0);
              setScope(next);
            }}
          />
        </div>
      </div>

      <section className="orders-overview" aria-label="Orders overview">
        <dl className="order-stats" data-testid="order-stats">
          <div>
            <dt>New orders</dt>
            <dd data-testid="stat-new">{reports.data ? reports.data.new : '—'}</dd>
          </div>
          <div>
            <dt>Monthly total</dt>
            <dd data-testid="stat-monthly">{reports.data ? formatUsd(reports.data.monthly) : '—'}</dd>
          </div>
          <div>
            <dt>Yearly total</dt>
            <dd data-testid="stat-yearly">{reports.data ? formatUsd(reports.data.yearly) : '—'}</dd>
          </div>
        </dl>
        {reports.data?.months.some((m) => m.orders > 0) && <MonthsChart months={reports.data.months} />}
      </section>

      {list.isPending && (
        <div className="spinner-wrap" role="status" aria-busy="true">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading orders…</span>
        </div>
      )}
      {list.isError && !list.data && (
        <div className="empty" role="alert">
          <p>{messageOf(list.error)}</p>
          <button type="button" className="btn btn-ghost" onClick={() => list.refetch()}>
            Try again
          </button>
        </div>
      )}
      {list.isSuccess && orders.length === 0 && (
        <div className="empty">
          <div className="empty-art" aria-hidden="true">
            <OrdersIcon size={44} />
          </div>
          <p data-testid="empty-text">{ORDER_MESSAGES.ordersEmpty}</p>
        </div>
      )}
      {orders.length > 0 && (
        <ul className="deal-list" aria-label={ORDER_FILTER_LABELS[filter]} data-testid="orders-list">
          {orders.map((order) => (
            <DealRow key={order.id} deal={order} kind="Order" to={`/business/orders/${order.id}${scopeSearch(scope)}`} />
          ))}
        </ul>
      )}
      <Pagination page={Math.min(page, pages - 1)} pages={pages} onPage={setPage} label="Orders pages" />
    </section>
  );
}

/** The chart (lazy) and the same numbers as a table, for anyone who does not see the chart. */
function MonthsChart({ months }: { months: ReportMonth[] }) {
  const tableId = useId();
  const span = `${monthLabel(months[0].month)} to ${monthLabel(months[months.length - 1].month)}`;
  const summary = `Orders and revenue by month, ${span}; the numbers are in the table that follows.`;
  return (
    <figure className="orders-chart">
      <ErrorBoundary fallback={null}>
        <Suspense fallback={<div className="orders-chart-canvas" aria-hidden="true" />}>
          <OrdersChart months={months} summary={summary} />
        </Suspense>
      </ErrorBoundary>
      <table className="visually-hidden" id={tableId} data-testid="orders-chart-table">
        <caption>Orders and revenue by month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Orders</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{monthLabel(m.month)}</th>
              <td>{m.orders}</td>
              <td>{formatUsd(m.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
