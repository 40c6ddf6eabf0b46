import { useEffect, useRef, useState } from 'react';
import { SearchIcon } from '../ui/icons';
import { useViewState } from './view-state';

export const SEARCH_PAUSE_MS = 500;

/** The search text is trimmed and applied after a 500 ms pause, or at once on Enter (spec 000 §5). */
export function SearchBox() {
  const { search, setSearch } = useViewState();
  const [text, setText] = useState(search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSearch(value), SEARCH_PAUSE_MS);
  };

  return (
    <form
      className="search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(timer.current);
        setSearch(text);
      }}
    >
      <label htmlFor="model-search" className="visually-hidden">
        Search
      </label>
      <SearchIcon size={18} />
      <input
        id="model-search"
        type="search"
        placeholder="Search"
        autoComplete="off"
        value={text}
        data-testid="search-input"
        onChange={(event) => onChange(event.target.value)}
      />
    </form>
  );
}
