import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { messageOf } from '../api/client';
import type { DisplayMode } from '../shell/view-state';
import { CubeIcon, SearchIcon } from '../ui/icons';
import { useLatest } from '../ui/use-latest';

export const NOTHING_FOUND_TEXT = 'Nothing found';

/** A page of any model list the server answers: `{ data, total }` (models, favorites, shares). */
export interface Page<T> {
  data: T[];
  total: number;
}
export type PagedQuery<T> = UseInfiniteQueryResult<InfiniteData<Page<T>, unknown>, Error>;

/** The nearest scrolling ancestor (the shell's content area); null means the viewport. */
function scrollParentOf(node: HTMLElement): HTMLElement | null {
  for (let parent = node.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (overflowY === 'auto' || overflowY === 'scroll') return parent;
  }
  return null;
}

/** Loads the next page when the sentinel under the list comes near the viewport. */
function useInfiniteScroll(onReach: () => void, enabled: boolean, pageCount: number) {
  const sentinel = useRef<HTMLDivElement>(null);
  const reach = useLatest(onReach);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !enabled) return;
    // A new observer per page: it reports at once, so a short page that leaves the sentinel visible loads on.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reach.current();
      },
      { root: scrollParentOf(node), rootMargin: '300px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, pageCount, reach]);
  return sentinel;
}

/** The loaded pages as one list, each item once (a push may have moved one across a page boundary). */
export function usePagedItems<T>(query: PagedQuery<T>, keyOf: (item: T) => string): T[] {
  return useMemo(() => {
    const seen = new Set<string>();
    return (query.data?.pages ?? []).flatMap((page) => page.data).filter((item) => !seen.has(keyOf(item)) && seen.add(keyOf(item)));
    // keyOf is a stable function of the page's item type
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data]);
}

/** The title row of a list screen: its heading, how many there are, and the screen's own buttons. */
export function ListHeader({
  id,
  title,
  total,
  noun,
  children,
  level = 1,
}: {
  id: string;
  title: string;
  total?: number;
  noun: [string, string];
  children?: ReactNode;
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="page-header">
      <div>
        <Heading id={id}>{title}</Heading>
        {total !== undefined && total > 0 && (
          <p className="page-sub" data-testid="model-total">
            {total} {total === 1 ? noun[0] : noun[1]}
          </p>
        )}
      </div>
      {children}
    </div>
  );
}

interface ModelListViewProps<T> {
  query: PagedQuery<T>;
  items: T[];
  keyOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  display: DisplayMode;
  /** The applied search: with no hits it says 'Nothing found' instead of the empty text. */
  search: string;
  emptyText: string;
  /** The three column headings of the list view (name, person, date). */
  columns: [string, string, string];
  label: string;
}

/**
 * The body of every model list screen (My Models, a team's or project's models, Favorites, Shared with me,
 * Published): loading cards, the error with Try again, the empty and 'Nothing found' texts, the cards or rows,
 * and the next 20 loaded when the end of the list comes near (spec 000 §2, §9).
 */
export function ModelListView<T>({ query, items, keyOf, renderItem, display, search, emptyText, columns, label }: ModelListViewProps<T>) {
  const sentinel = useInfiniteScroll(
    () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
    Boolean(query.hasNextPage) && !query.isFetchingNextPage,
    query.data?.pages.length ?? 0,
  );

  return (
    <>
      {query.isPending && (
        <ul className={`models models--${display}`} aria-busy="true" aria-label={`Loading ${label.toLowerCase()}`}>
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i} className={display === 'list' ? 'model-row skeleton' : `model-card model-card--${display} skeleton`} />
          ))}
        </ul>
      )}

      {query.isError && !query.data && (
        <div className="empty" role="alert">
          <p>{messageOf(query.error)}</p>
          <button type="button" className="btn btn-ghost" onClick={() => query.refetch()}>
            Try again
          </button>
        </div>
      )}

      {query.isSuccess && items.length === 0 && (
        <div className="empty">
          <div className="empty-art" aria-hidden="true">
            {search ? <SearchIcon size={44} /> : <CubeIcon size={44} />}
          </div>
          <p data-testid="empty-text">{search ? NOTHING_FOUND_TEXT : emptyText}</p>
        </div>
      )}

      {items.length > 0 && (
        <>
          {display === 'list' && (
            <div className="models-list-header" aria-hidden="true">
              <span>{columns[0]}</span>
              <span className="list-head-author">{columns[1]}</span>
              <span className="list-head-date">{columns[2]}</span>
              <span />
            </div>
          )}
          <ul className={`models models--${display}`} aria-label={label}>
            {items.map((item) => (
              <Keyed key={keyOf(item)}>{renderItem(item)}</Keyed>
            ))}
          </ul>
        </>
      )}

      <div ref={sentinel} className="sentinel" data-testid="list-sentinel" aria-hidden="true" />
      {query.isFetchingNextPage && (
        <p className="loading-more" role="status">
          Loading more…
        </p>
      )}
      {query.isFetchNextPageError && (
        <p className="form-error" role="alert">
          {messageOf(query.error)}{' '}
          <button type="button" className="link-btn" onClick={() => query.fetchNextPage()}>
            Retry
          </button>
        </p>
      )}
    </>
  );
}

function Keyed({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
