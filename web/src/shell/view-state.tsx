import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_MODEL_SORT } from '@kiln/contracts/constants';

export type DisplayMode = 'grid' | 'compact' | 'list';
export const DISPLAY_MODES: DisplayMode[] = ['grid', 'compact', 'list'];
export type SortField = 'createdAt' | 'updatedAt' | 'name';
export type SortOrder = 'ASC' | 'DESC';

/** localStorage keys (spec 000 §9: the view mode is remembered under 'display'). */
export const DISPLAY_KEY = 'display';
export const SORT_KEY = 'sort';

const SORT_PATTERN = /^(createdAt|updatedAt|name) (ASC|DESC)$/;

function readStored(key: string): string | null {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    // Accept both `list` and `"list"`.
    return raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  } catch {
    return null;
  }
}

function store(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // private mode or quota: the choice just isn't remembered
  }
}

export function parseSort(sort: string): { field: SortField; order: SortOrder } {
  const [field, order] = (SORT_PATTERN.test(sort) ? sort : DEFAULT_MODEL_SORT).split(' ');
  return { field: field as SortField, order: order as SortOrder };
}

interface ViewState {
  /** The applied search: trimmed, after the 500 ms pause or Enter. */
  search: string;
  setSearch: (search: string) => void;
  /** "<createdAt|updatedAt|name> <ASC|DESC>" */
  sort: string;
  setSort: (sort: string) => void;
  display: DisplayMode;
  setDisplay: (display: DisplayMode) => void;
}

const ViewStateContext = createContext<ViewState | null>(null);

export function ViewStateProvider({ children }: { children: ReactNode }) {
  const [search, setSearchState] = useState('');
  const [sort, setSortState] = useState(() => {
    const stored = readStored(SORT_KEY);
    return stored && SORT_PATTERN.test(stored) ? stored : DEFAULT_MODEL_SORT;
  });
  const [display, setDisplayState] = useState<DisplayMode>(() => {
    const stored = readStored(DISPLAY_KEY);
    return DISPLAY_MODES.includes(stored as DisplayMode) ? (stored as DisplayMode) : 'grid';
  });

  const setSearch = useCallback((value: string) => setSearchState(value.trim()), []);
  const setSort = useCallback((value: string) => {
    if (!SORT_PATTERN.test(value)) return;
    setSortState(value);
    store(SORT_KEY, value);
  }, []);
  const setDisplay = useCallback((value: DisplayMode) => {
    setDisplayState(value);
    store(DISPLAY_KEY, value);
  }, []);

  const value = useMemo(() => ({ search, setSearch, sort, setSort, display, setDisplay }), [search, setSearch, sort, setSort, display, setDisplay]);
  return <ViewStateContext.Provider value={value}>{children}</ViewStateContext.Provider>;
}

export function useViewState(): ViewState {
  const value = useContext(ViewStateContext);
  if (!value) throw new Error('useViewState outside ViewStateProvider');
  return value;
}
