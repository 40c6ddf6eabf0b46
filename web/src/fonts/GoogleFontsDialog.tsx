import { useEffect, useId, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { FONT_PAGE_SIZE, FONT_TEXTS, GOOGLE_FONTS_MAX_SELECTED } from '@kiln/contracts/constants';
import { messageOf } from '../api/client';
import { usePagedItems } from '../models/ModelListView';
import { Dialog } from '../ui/Dialog';
import { fontsApi, type FontScope } from './fonts-api';

/**
 * The Google Fonts catalogue (spec 001 §2, §5, §7): the whole list, searched by family and language (the
 * service ships it, so browsing needs no network), 20 at a time with more on request, at most 5 chosen in the
 * 'Available' list. Adding fetches the files from the public fonts service; when it cannot, the spec's
 * 'Failed to fetch the file.' is shown here and nothing is added.
 */
export function GoogleFontsDialog({ scope, onAdded, onClose }: { scope: FontScope; onAdded: () => void; onClose: () => void }) {
  const [term, setTerm] = useState('');
  const [applied, setApplied] = useState('');
  const [subset, setSubset] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const listId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setApplied(term.trim()), 200);
    return () => clearTimeout(timer);
  }, [term]);
  const languages = useQuery({ queryKey: ['fonts', 'languages'], queryFn: fontsApi.languages, staleTime: Infinity });
  const catalogue = useInfiniteQuery({
    queryKey: ['fonts', 'google', applied, subset],
    queryFn: ({ pageParam }) => fontsApi.google({ skip: pageParam, term: applied, subset }),
    initialPageParam: 0,
    getNextPageParam: (last, all) => (last.data.length === FONT_PAGE_SIZE ? all.reduce((n, page) => n + page.data.length, 0) : undefined),
  });
  const families = usePagedItems(catalogue, (f) => f.family);
  const full = chosen.length >= GOOGLE_FONTS_MAX_SELECTED;

  const add = async () => {
    setBusy(true);
    setError('');
    try {
      await fontsApi.addGoogle(chosen, subset || undefined, scope);
      onAdded();
      onClose();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={FONT_TEXTS.googleTab} onClose={onClose} width={720}>
      <div className="google-fonts" data-testid="google-fonts">
        <div className="font-toolbar">
          <label className="font-search">
            <span className="visually-hidden">Search Google Fonts</span>
            <input type="search" placeholder="Search Google Fonts" value={term} onChange={(e) => setTerm(e.target.value)} data-testid="google-search" />
          </label>
          <label className="font-language">
            <span>Language</span>
            <select value={subset} onChange={(e) => setSubset(e.target.value)} data-testid="google-language">
              <option value="">All languages</option>
              {(languages.data?.data ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        <h3 id={listId} className="google-available">
          Available{' '}
          <span className="muted">
            ({chosen.length}/{GOOGLE_FONTS_MAX_SELECTED} selected)
          </span>
        </h3>
        {catalogue.isError && !catalogue.data && <p role="alert">{messageOf(catalogue.error)}</p>}
        {catalogue.isSuccess && families.length === 0 && <p data-testid="google-empty">{FONT_TEXTS.noMatch}</p>}
        <ul className="google-list" aria-labelledby={listId} data-testid="google-list">
          {families.map((family) => {
            const on = chosen.includes(family.family);
            return (
              <li key={family.family} className="google-item" data-testid="google-family" data-family={family.family}>
                <label>
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={!on && full}
                    onChange={(e) => setChosen((before) => (e.target.checked ? [...before, family.family] : before.filter((f) => f !== family.family)))}
                  />
                  <span className="google-name">{family.family}</span>
                  <span className="muted">
                    {family.category} · {family.variants.length} {family.variants.length === 1 ? 'style' : 'styles'}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        {catalogue.hasNextPage && (
          <button type="button" className="btn btn-ghost" disabled={catalogue.isFetchingNextPage} onClick={() => void catalogue.fetchNextPage()}>
            More fonts
          </button>
        )}
        <p role="alert" className="form-error" data-testid="google-error">
          {error}
        </p>
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" disabled={!chosen.length || busy} onClick={() => void add()} data-testid="google-add">
          {busy ? 'Adding…' : `Add ${chosen.length || ''}`.trim()}
        </button>
      </div>
    </Dialog>
  );
}
