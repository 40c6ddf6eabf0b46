import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { Font } from '@kiln/contracts';
import { FONT_GLYPHS_PER_PAGE } from '@kiln/contracts/constants';
import { codePointLabel, fontCharacters } from './font-charset';
import { useFontFace } from './use-font-face';

/** Glyphs a row: the arrow keys up and down move by a row. */
export const GLYPH_COLUMNS = 10;

/**
 * The glyph viewer of a font style (spec 001 §2, §9): the characters the font maps, drawn in the font itself,
 * 100 a page. The grid is one tab stop (a listbox): the arrow keys move the selection (left/right by one,
 * up/down by a row) and carry it to the next or previous page at the edges; Page Up/Down turn a page, Home and
 * End go to the page's first and last glyph. The selected glyph is shown large with its code point.
 */
export function GlyphViewer({ font }: { font: Font }) {
  const face = useFontFace(font.id);
  const characters = useMemo(() => (face.font ? fontCharacters(face.font.bytes) : []), [face.font]);
  const [index, setIndex] = useState(0);
  const baseId = useId();
  const pages = Math.max(1, Math.ceil(characters.length / FONT_GLYPHS_PER_PAGE));
  const current = Math.min(index, Math.max(0, characters.length - 1));
  const page = Math.floor(current / FONT_GLYPHS_PER_PAGE);
  const shown = characters.slice(page * FONT_GLYPHS_PER_PAGE, (page + 1) * FONT_GLYPHS_PER_PAGE);
  const fontStyle = face.font ? { fontFamily: `'${face.font.family}', system-ui` } : undefined;
  const move = (to: number) => setIndex(Math.max(0, Math.min(characters.length - 1, to)));
  const toPage = (p: number) => move(Math.max(0, Math.min(pages - 1, p)) * FONT_GLYPHS_PER_PAGE);

  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const pageStart = page * FONT_GLYPHS_PER_PAGE;
    const steps: Record<string, () => void> = {
      ArrowRight: () => move(current + 1),
      ArrowLeft: () => move(current - 1),
      ArrowDown: () => move(current + GLYPH_COLUMNS),
      ArrowUp: () => move(current - GLYPH_COLUMNS),
      PageDown: () => toPage(page + 1),
      PageUp: () => toPage(page - 1),
      Home: () => move(pageStart),
      End: () => move(pageStart + shown.length - 1),
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    step();
  };

  if (face.failed) return <p role="alert">This font file cannot be shown.</p>;
  if (!face.font)
    return (
      <p className="page-loading" role="status" aria-busy="true">
        Loading…
      </p>
    );
  if (characters.length === 0) return <p role="status">This font has no characters to show.</p>;
  const selected = characters[current];
  return (
    <div className="glyph-viewer" data-testid="glyph-viewer" data-page={page + 1} data-selected={codePointLabel(selected)}>
      <div className="glyph-selected" aria-live="polite">
        <span className="glyph-big" style={fontStyle} aria-hidden="true">
          {String.fromCodePoint(selected)}
        </span>
        <span className="glyph-code" data-testid="glyph-selected-code">
          {codePointLabel(selected)}
        </span>
      </div>
      <div className="glyph-pager">
        <button type="button" className="btn btn-ghost" disabled={page === 0} onClick={() => toPage(page - 1)} data-testid="glyph-previous">
          Previous page
        </button>
        <span data-testid="glyph-page">
          Page {page + 1} of {pages}
        </span>
        <button type="button" className="btn btn-ghost" disabled={page >= pages - 1} onClick={() => toPage(page + 1)} data-testid="glyph-next">
          Next page
        </button>
      </div>
      <div
        className="glyph-grid"
        role="listbox"
        tabIndex={0}
        aria-label={`Glyphs of ${font.family} ${font.style}, page ${page + 1} of ${pages}`}
        aria-activedescendant={`${baseId}-${current}`}
        onKeyDown={onKey}
        data-testid="glyph-grid"
        style={{ gridTemplateColumns: `repeat(${GLYPH_COLUMNS}, minmax(0, 1fr))` }}
      >
        {shown.map((c, i) => {
          const at = page * FONT_GLYPHS_PER_PAGE + i;
          return (
            // The listbox holds the focus and names the selected option by aria-activedescendant (WAI-ARIA APG listbox): the options
            // are not tab stops, and the keyboard works on the listbox (onKey); a click only moves the selection.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
            <div
              key={c}
              id={`${baseId}-${at}`}
              role="option"
              aria-selected={at === current}
              aria-label={`${String.fromCodePoint(c)} ${codePointLabel(c)}`}
              className={`glyph-cell ${at === current ? 'glyph-cell--selected' : ''}`}
              style={fontStyle}
              onClick={() => move(at)}
              data-testid="glyph-cell"
            >
              {String.fromCodePoint(c)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
