import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ORDER_MESSAGES } from '@kiln/contracts/constants';
import { messageOf } from '../../api/client';
import { PlusIcon, QuoteIcon } from '../../ui/icons';
import { ScopePicker, scopeSearch, useBusinessScope, useCanChange } from '../business-scope';
import { BUSINESS_TEXTS } from '../business-texts';
import { CreateQuoteDialog } from './CreateQuoteDialog';
import { Pagination } from './deal-parts';
import { checkedDealPage, useQuotePushes } from './deal-pushes';
import { DealRow } from './DealRow';
import { dealKeys, pageCount, quoteApi } from './orders-api';
import '../business.css';
import './orders.css';

const SEARCH_DELAY_MS = 300;

/** Quotes list (/business/quotes, spec 002 §2): Create a quote, search, status badges, 10 a page, live. */
export function QuotesPage() {
  const [scope, setScope] = useBusinessScope();
  const canChange = useCanChange(scope);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const titleId = useId();
  const queryClient = useQueryClient();
  const searchId = useId();
  useQuotePushes();

  // A new search (not the same words again) starts at page 1.
  useEffect(() => {
    const term = typed.trim();
    if (term === search) return;
    const timer = setTimeout(() => {
      setSearch(term);
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search]);

  const params = { scope, page, search };
  const listKey = dealKeys.quoteList(params);
  // Checked against the pushes of the last seconds: a refetch may read a projection behind them (ADR 0071).
  const list = useQuery({
    queryKey: listKey,
    queryFn: async () => checkedDealPage(queryClient, listKey, await quoteApi.list(params), listKey[3]),
    placeholderData: keepPreviousData,
  });
  const pages = pageCount(list.data?.total ?? 0);
  const quotes = list.data?.data ?? [];

  return (
    <section className="business-page quotes-page" aria-labelledby={titleId}>
      <div className="page-header">
        <h1 id={titleId}>Quotes</h1>
        <div className="business-actions">
          <ScopePicker
            scope={scope}
            onChange={(next) => {
              setPage(0);
              setScope(next);
            }}
          />
          {canChange && (
            <button type="button" className="btn btn-primary" data-testid="create-quote" onClick={() => setCreating(true)}>
              <PlusIcon size={18} /> Create a quote
            </button>
          )}
        </div>
      </div>
      <div className="deal-search" role="search">
        <label htmlFor={searchId}>Search quotes</label>
        <input
          id={searchId}
          type="search"
          value={typed}
          placeholder="Customer name or email"
          onChange={(e) => setTyped(e.target.value)}
          data-testid="quotes-search"
        />
      </div>

      {list.isPending && (
        <div className="spinner-wrap" role="status" aria-busy="true">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading quotes…</span>
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
      {list.isSuccess && quotes.length === 0 && (
        <div className="empty">
          <div className="empty-art" aria-hidden="true">
            <QuoteIcon size={44} />
          </div>
          <p data-testid="empty-text">{search ? BUSINESS_TEXTS.noResults : ORDER_MESSAGES.quotesEmpty}</p>
        </div>
      )}
      {quotes.length > 0 && (
        <ul className="deal-list" aria-label="Quotes" data-testid="quotes-list">
          {quotes.map((quote) => (
            <DealRow key={quote.id} deal={quote} kind="Quote" to={`/business/quotes/${quote.id}${scopeSearch(scope)}`} />
          ))}
        </ul>
      )}
      <Pagination page={Math.min(page, pages - 1)} pages={pages} onPage={setPage} label="Quotes pages" />
      {creating && <CreateQuoteDialog scope={scope} onClose={() => setCreating(false)} />}
    </section>
  );
}
