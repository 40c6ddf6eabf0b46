import { useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Font } from '@kiln/contracts';
import { FONT_MESSAGES, FONT_TEXTS } from '@kiln/contracts/constants';
import { fontChangeable } from '@kiln/domain';
import { messageOf } from '../api/client';
import { useMe } from '../auth/session';
import { DotsIcon } from '../ui/icons';
import { Menu, MenuItem } from '../ui/Menu';
import { fontsApi, type FontScope } from './fonts-api';
import { ConfirmRemoveDialog, DeletionNotice, fontKeys, NOT_YOURS, StyleSample, useFontPushes, useFontRemoval } from './FontsPage';
import { GlyphViewer } from './GlyphViewer';
import './fonts.css';

/**
 * A font family (`/assets/font/{slug}`) and one of its styles (`/assets/font/{slug}/{style}`), spec 001 §2: the
 * styles of the slug in the scope, each writing the sample sentence (spec 001 §9, editable) in its own font; a
 * dropdown that switches style by navigating to the style's route; on a style's route, its glyph viewer.
 * Hide, show and remove per style for its author (disabled for anyone else and for system fonts).
 */
export function FontFamilyPage({ scope, base }: { scope: FontScope; base: string }) {
  const { slug = '', style } = useParams();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const refresh = useFontPushes();
  const family = useQuery({ queryKey: fontKeys.family(scope, slug), queryFn: () => fontsApi.family(slug, scope) });
  const [sample, setSample] = useState<string>(FONT_TEXTS.sample);
  const [error, setError] = useState('');
  const [confirm, setConfirm] = useState<Font | null>(null);
  const removal = useFontRemoval(() => void refresh());
  const titleId = useId();
  const selectId = useId();
  const sampleId = useId();
  const familyPath = `${base}/assets/font/${encodeURIComponent(slug)}`;

  if (family.isPending)
    return (
      <p className="page-loading" role="status" aria-busy="true">
        Loading…
      </p>
    );
  if (family.isError)
    return (
      <section className="empty" role="alert" data-testid="font-family-error">
        <p>{messageOf(family.error)}</p>
      </section>
    );
  const fonts = family.data.children;
  const current = style ? fonts.find((f) => f.styleSlug === style) : undefined;
  const canChange = (font: Font) => fontChangeable(font, { userId: me?.id ?? '', teamRole: font.userRole ?? null });
  const hide = async (font: Font, hidden: boolean) => {
    setError('');
    try {
      const result = await fontsApi.hide([font.id], hidden);
      if (result.failed.length) setError(result.failed[0].message);
    } catch (failure) {
      setError(messageOf(failure));
    }
    void refresh();
  };

  return (
    <section className="models-page font-family-page" aria-labelledby={titleId} data-testid="font-family-page">
      <div className="page-header">
        <div>
          <h1 id={titleId}>
            {family.data.family}
            {current ? ` ${current.style}` : ''}
          </h1>
          <p className="page-sub">
            {family.data.category} · {fonts.length} {fonts.length === 1 ? 'style' : 'styles'}
          </p>
        </div>
        <label className="font-style-switch" htmlFor={selectId}>
          <span>Style</span>
          <select
            id={selectId}
            value={current?.styleSlug ?? ''}
            data-testid="font-style-select"
            onChange={(e) => void navigate(e.target.value ? `${familyPath}/${e.target.value}` : familyPath)}
          >
            <option value="">All styles</option>
            {fonts.map((f) => (
              <option key={f.id} value={f.styleSlug}>
                {f.style}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="font-sample-input" htmlFor={sampleId}>
        <span>Sample text</span>
        <input id={sampleId} value={sample} onChange={(e) => setSample(e.target.value)} data-testid="font-sample-input" />
      </label>
      <p role="alert" className="form-error">
        {error}
      </p>
      <DeletionNotice notice={removal.notice} onClose={removal.clear} />

      {style && !current && <p role="alert">{FONT_MESSAGES.notFound}</p>}
      {current ? (
        <>
          <p className="font-sample font-sample--large" data-testid="font-sample">
            <StyleSample font={current} text={sample || FONT_TEXTS.sample} />
          </p>
          <GlyphViewer key={current.id} font={current} />
        </>
      ) : (
        !style && (
          <ul className="font-styles" aria-label={`Styles of ${family.data.family}`}>
            {fonts.map((font) => (
              <li key={font.id} className="font-style" data-testid="font-style" data-style={font.styleSlug} data-hidden={font.hidden ? 'true' : 'false'}>
                <div className="font-style-head">
                  <a
                    href={`${familyPath}/${font.styleSlug}`}
                    onClick={(e) => {
                      e.preventDefault();
                      void navigate(`${familyPath}/${font.styleSlug}`);
                    }}
                  >
                    {font.style}
                  </a>
                  <span className="muted">
                    {font.weight}
                    {font.italic ? ' italic' : ''}
                    {font.hidden ? ' · Hidden' : ''}
                    {font.authorId === null ? ' · System font' : ''}
                  </span>
                  <Menu
                    label={`Actions for ${font.style}`}
                    className="model-menu"
                    trigger={(props) => (
                      <button
                        type="button"
                        className="icon-btn"
                        aria-label={`Actions for ${font.style}`}
                        disabled={!canChange(font)}
                        title={canChange(font) ? undefined : NOT_YOURS}
                        {...props}
                      >
                        <DotsIcon />
                      </button>
                    )}
                  >
                    {(close) => (
                      <>
                        <MenuItem
                          onSelect={() => {
                            close();
                            void hide(font, !font.hidden);
                          }}
                        >
                          {font.hidden ? 'Show' : 'Hide'}
                        </MenuItem>
                        <MenuItem
                          danger
                          onSelect={() => {
                            close();
                            setConfirm(font);
                          }}
                        >
                          Remove
                        </MenuItem>
                      </>
                    )}
                  </Menu>
                </div>
                <p className="font-sample">
                  <StyleSample font={font} text={sample || FONT_TEXTS.sample} />
                </p>
              </li>
            ))}
          </ul>
        )
      )}
      {confirm && <ConfirmRemoveDialog count={1} onConfirm={() => void removal.remove([confirm.id])} onClose={() => setConfirm(null)} />}
    </section>
  );
}
