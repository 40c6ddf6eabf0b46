import { useEffect, useState, type ReactNode } from 'react';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { messageOf } from '../api/client';
import { NOTHING_FOUND_TEXT } from '../models/ModelListView';
import { GEOMETRY_TEXTS } from './geometry-texts';

/** The search typed, applied after a pause (the lists' 500 ms of spec 000 §5) and trimmed. */
export function useSearch(): [typed: string, setTyped: (value: string) => void, search: string] {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 500);
    return () => clearTimeout(timer);
  }, [typed]);
  return [typed, setTyped, search];
}

/** The next page of a list of `pageSize` starts after what is loaded; none once all are there. */
export const nextPage =
  (pageSize: number) =>
  (last: { data: unknown[]; total?: number }, all: { data: unknown[] }[]): number | undefined => {
    const loaded = all.reduce((sum, page) => sum + page.data.length, 0);
    if (last.data.length < pageSize) return undefined;
    return last.total === undefined || loaded < last.total ? loaded : undefined;
  };

interface PickerProps<T> {
  /** The search field's label and id. */
  searchLabel: string;
  searchId: string;
  typed: string;
  onType: (value: string) => void;
  /** The group's name for assistive technology (a fieldset's legend). */
  label: string;
  query: UseInfiniteQueryResult<InfiniteData<{ data: T[] }>>;
  /** What an empty list says, with and without a search. */
  empty: string;
  searching: boolean;
  renderRow: (item: T) => ReactNode;
  testId: string;
}

/** A searched list of choices, 20 at a time with "Show more" (the pickers' pattern, as "Add models from workspace"). */
export function Picker<T>({ searchLabel, searchId, typed, onType, label, query, empty, searching, renderRow, testId }: PickerProps<T>) {
  const list = (query.data?.pages ?? []).flatMap((page) => page.data);
  return (
    <>
      <div className="field">
        <label htmlFor={searchId}>{searchLabel}</label>
        <input id={searchId} type="search" autoComplete="off" value={typed} onChange={(event) => onType(event.target.value)} data-testid={`${testId}-search`} />
      </div>
      <fieldset className="geometry-picker" aria-busy={query.isPending} data-testid={testId}>
        <legend className="visually-hidden">{label}</legend>
        {query.isPending && (
          <p role="status" className="muted">
            {GEOMETRY_TEXTS.loading}
          </p>
        )}
        {query.isError && (
          <p className="form-error" role="alert">
            {messageOf(query.error)}
          </p>
        )}
        {query.isSuccess && list.length === 0 && (
          <p className="muted" data-testid={`${testId}-empty`}>
            {searching ? NOTHING_FOUND_TEXT : empty}
          </p>
        )}
        {list.map(renderRow)}
        {query.hasNextPage && (
          <button type="button" className="btn btn-ghost" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? GEOMETRY_TEXTS.loading : GEOMETRY_TEXTS.showMore}
          </button>
        )}
      </fieldset>
    </>
  );
}
