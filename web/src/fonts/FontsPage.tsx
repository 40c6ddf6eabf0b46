import { useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { Font, FontBatchResult, FontFamily, FontOrigin } from '@kiln/contracts';
import { COMMON_MESSAGES, FONT_PAGE_SIZE, FONT_PREVIEW_STYLES, FONT_TEXTS, UPLOAD_KIND_RULES } from '@kiln/contracts/constants';
import { fontChangeable } from '@kiln/domain';
import { messageOf } from '../api/client';
import { useMe } from '../auth/session';
import { ListHeader, ModelListView, usePagedItems } from '../models/ModelListView';
import { usePushChannel } from '../realtime/RealtimeProvider';
import { useViewState, type DisplayMode } from '../shell/view-state';
import { UploadNotice, useUploads } from '../assets/upload';
import { Dialog } from '../ui/Dialog';
import { formatDay } from '../ui/dates';
import { ItemActionsMenu, ItemRow } from '../ui/ItemParts';
import { Menu, MenuItem } from '../ui/Menu';
import { GoogleFontsDialog } from './GoogleFontsDialog';
import { fontsApi, type FontScope } from './fonts-api';
import { useFontFace } from './use-font-face';
import './fonts.css';

/** Why a team viewer's Add is disabled (spec 001 §6). */
export const NO_UPLOAD_ROLE = 'Only owners and editors of the team may add fonts';
/** Why a font's menu items are disabled: someone else's font, or a system font (spec 001 §4, §6). */
export const NOT_YOURS = 'Only the author of a font may hide or remove it';

export const fontKeys = {
  all: ['fonts'] as const,
  list: (scope: FontScope, origin: FontOrigin, term: string) => ['fonts', 'list', scope.teamId ?? '', scope.projectId ?? '', origin, term] as const,
  family: (scope: FontScope, slug: string) => ['fonts', 'family', scope.teamId ?? '', scope.projectId ?? '', slug] as const,
};
const slugOf = (family: FontFamily) => family.slug;
/** After a push the lists are fetched again, once more a moment later: the push may come before the read model has it. */
const SETTLE_MS = 1000;

export interface FontsPageProps {
  scope: FontScope;
  /** The path the scope's routes start with: '' (personal), `/{teamId}` or `/{teamId}/{projectId}`. */
  base: string;
  title: string;
  /** Add: always in the personal scope; in a team, owners and editors (spec 001 §6). */
  canUpload: boolean;
}

/** The fonts of a scope refetched when another tab (or this one) changes them (`workspace-font`). */
export function useFontPushes() {
  const queryClient = useQueryClient();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const refresh = () => queryClient.invalidateQueries({ queryKey: fontKeys.all });
  usePushChannel<Font>('workspace-font', (message) => {
    if (!message?.data?.id) return;
    void refresh();
    timers.current.push(setTimeout(() => void refresh(), SETTLE_MS));
  });
  return refresh;
}

type Notice = { phase: 'deleting'; total: number } | { phase: 'done'; total: number; deleted: number; failed: number } | null;

/** Runs a removal with the spec's texts (§8): 'Deleting', then 'Deletion Success' and/or 'Deletion Failed' with their counts. */
export function useFontRemoval(after: () => void) {
  const [notice, setNotice] = useState<Notice>(null);
  const remove = async (ids: string[]) => {
    setNotice({ phase: 'deleting', total: ids.length });
    let result: FontBatchResult;
    try {
      result = await fontsApi.remove(ids);
    } catch {
      result = { done: [], failed: ids.map((id) => ({ id, message: '' })) };
    }
    setNotice({ phase: 'done', total: ids.length, deleted: result.done.length, failed: result.failed.length });
    after();
  };
  return { notice, remove, clear: () => setNotice(null) };
}

export function DeletionNotice({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  return (
    <div className="font-notice" data-testid="font-deletion-notice" hidden={!notice}>
      <div role="status">
        {notice?.phase === 'deleting' && (
          <p className="upload-notice-line" data-testid="font-deleting">
            <strong>{FONT_TEXTS.deleting}</strong>
          </p>
        )}
        {notice?.phase === 'done' && notice.deleted > 0 && (
          <p className="upload-notice-line upload-notice-line--success" data-testid="font-deletion-success">
            <strong>{FONT_TEXTS.deletionSuccess}</strong> <span>{FONT_TEXTS.deletedCount(notice.deleted, notice.total)}</span>
          </p>
        )}
      </div>
      <div role="alert">
        {notice?.phase === 'done' && notice.failed > 0 && (
          <p className="upload-notice-line upload-notice-line--failed" data-testid="font-deletion-failed">
            <strong>{FONT_TEXTS.deletionFailed}</strong> <span>{FONT_TEXTS.failedCount(notice.failed)}</span>
          </p>
        )}
      </div>
      {notice?.phase === 'done' && (
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Dismiss
        </button>
      )}
    </div>
  );
}

/** Asks before removing (with the spec 001 §8 warning). */
export function ConfirmRemoveDialog({ count, onConfirm, onClose }: { count: number; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog title={`Remove ${count} font(s)`} onClose={onClose}>
      <p className="form-error">{COMMON_MESSAGES.deleteWarning}</p>
      <p>The chosen font styles leave the library for everyone who sees it.</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-danger"
          data-testid="font-remove-confirm"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          Remove
        </button>
      </div>
    </Dialog>
  );
}

/**
 * My Fonts, and a team's or project's (spec 001 §2): the tabs 'Uploaded Fonts' and 'Google Fonts', family cards in
 * grid, list or compact (remembered under 'display'), 20 families at a time, a search by family, the Add menu
 * (Google Fonts, or Upload of otf and ttf files with the spec's upload texts and the 3 MB rule), and a multi-select
 * mode that hides, shows or removes the selected styles (only their author's; system fonts never).
 */
export function FontsPage({ scope, base, title, canUpload }: FontsPageProps) {
  const { display } = useViewState();
  const { data: me } = useMe();
  const [origin, setOrigin] = useState<FontOrigin>('upload');
  const [term, setTerm] = useState('');
  const [applied, setApplied] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setApplied(term.trim()), 200);
    return () => clearTimeout(timer);
  }, [term]);
  const list = useInfiniteQuery({
    queryKey: fontKeys.list(scope, origin, applied),
    queryFn: ({ pageParam }) => fontsApi.families({ skip: pageParam, scope, origin, term: applied }),
    initialPageParam: 0,
    // The next 20 when a page came full (spec 001 §9: the font list loads 20 at a time on scroll).
    getNextPageParam: (last, all) => (last.data.length === FONT_PAGE_SIZE ? all.reduce((n, page) => n + page.data.length, 0) : undefined),
  });
  const families = usePagedItems(list, slugOf);
  const refresh = useFontPushes();
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  // The fonts a removal will take, asked about first: the selection, or one family's own styles.
  const [confirm, setConfirm] = useState<string[] | null>(null);
  const [google, setGoogle] = useState(false);
  const [oversize, setOversize] = useState(0);
  const [actionError, setActionError] = useState('');
  const removal = useFontRemoval(() => {
    setSelected(new Set());
    void refresh();
  });
  const uploads = useUploads({ kind: 'font', onStored: (media) => fontsApi.create(media.id, scope), onSettled: () => void refresh() });
  const fileInput = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const tabIds = { upload: useId(), google: useId() };
  // The domain's rule, with the caller's role in the font's team as the service answered it.
  const mine = (font: Font) => fontChangeable(font, { userId: me?.id ?? '', teamRole: font.userRole ?? null });
  const selectable = (family: FontFamily) => family.children.filter(mine).map((f) => f.id);
  const selectedFonts = useMemo(() => families.flatMap((f) => f.children).filter((f) => selected.has(f.id)), [families, selected]);

  const onFiles = (files: File[]) => {
    // Google fonts are exempt; uploads are 3 MB each (spec 001 §5): the others still go.
    setOversize(files.filter((f) => f.size > UPLOAD_KIND_RULES.font.maxBytes).length);
    uploads.add(files, 'button');
  };
  const hide = async (ids: string[], hidden: boolean) => {
    setActionError('');
    try {
      const result = await fontsApi.hide(ids, hidden);
      if (result.failed.length) setActionError(result.failed[0].message);
    } catch (error) {
      setActionError(messageOf(error));
    }
    void refresh();
  };
  const toggleFamily = (family: FontFamily, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      for (const id of selectable(family))
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  const empty = applied ? FONT_TEXTS.noMatch : origin === 'google' ? FONT_TEXTS.emptyGoogle : FONT_TEXTS.emptyUploaded;

  return (
    <section className="models-page fonts-page" aria-labelledby={titleId} data-testid="fonts-page">
      <ListHeader id={titleId} title={title} total={list.isSuccess ? list.data.pages[0]?.total : undefined} noun={['family', 'families']}>
        <Menu
          label="Add fonts"
          trigger={(props) => (
            <button
              type="button"
              className="btn btn-primary"
              disabled={!canUpload}
              title={canUpload ? undefined : NO_UPLOAD_ROLE}
              data-testid="font-add"
              {...props}
            >
              Add
            </button>
          )}
        >
          {(close) => (
            <>
              <MenuItem
                testId="font-add-google"
                onSelect={() => {
                  close();
                  setGoogle(true);
                }}
              >
                {FONT_TEXTS.googleTab}
              </MenuItem>
              <MenuItem
                testId="font-add-upload"
                onSelect={() => {
                  close();
                  fileInput.current?.click();
                }}
              >
                Upload (otf, ttf)
              </MenuItem>
            </>
          )}
        </Menu>
      </ListHeader>
      <input
        ref={fileInput}
        type="file"
        accept=".otf,.ttf"
        multiple
        hidden
        data-testid="font-upload-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          onFiles(files);
        }}
      />
      <UploadNotice entries={uploads.entries} summary={uploads.summary} onClose={uploads.clear} />
      <p role="alert" className="form-error" data-testid="font-oversize">
        {oversize > 0 ? FONT_TEXTS.oversize(oversize) : ''}
      </p>

      <div className="entry-tabs font-tabs" role="tablist" aria-label="Fonts">
        {(['upload', 'google'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={tabIds[tab]}
            aria-selected={origin === tab}
            aria-controls={`${tabIds[tab]}-panel`}
            className={`entry-tab ${origin === tab ? 'entry-tab--active' : ''}`}
            data-testid={`font-tab-${tab}`}
            onClick={() => {
              setOrigin(tab);
              setSelected(new Set());
            }}
          >
            {tab === 'upload' ? FONT_TEXTS.uploadedTab : FONT_TEXTS.googleTab}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`${tabIds[origin]}-panel`} aria-labelledby={tabIds[origin]}>
        <div className="font-toolbar">
          <label className="font-search">
            <span className="visually-hidden">Search fonts by family</span>
            <input type="search" placeholder="Search fonts" value={term} onChange={(e) => setTerm(e.target.value)} data-testid="font-search" />
          </label>
          <button
            type="button"
            className="btn btn-ghost"
            aria-pressed={selecting}
            data-testid="font-select-mode"
            onClick={() => {
              setSelecting(!selecting);
              setSelected(new Set());
            }}
          >
            {selecting ? 'Done' : 'Select'}
          </button>
          {selecting && (
            <span className="font-selection" data-testid="font-selection">
              <span>{selectedFonts.length} selected</span>
              <button
                type="button"
                className="btn btn-ghost"
                disabled={!selectedFonts.length}
                onClick={() => void hide([...selected], true)}
                data-testid="font-hide"
              >
                Hide
              </button>
              <button
                type="button"
                className="btn btn-ghost"
                disabled={!selectedFonts.length}
                onClick={() => void hide([...selected], false)}
                data-testid="font-show"
              >
                Show
              </button>
              <button
                type="button"
                className="btn btn-danger"
                disabled={!selectedFonts.length}
                onClick={() => setConfirm([...selected])}
                data-testid="font-remove"
              >
                Remove
              </button>
            </span>
          )}
        </div>
        <p role="alert" className="form-error">
          {actionError}
        </p>
        <DeletionNotice notice={removal.notice} onClose={removal.clear} />

        <ModelListView
          query={list}
          items={families}
          keyOf={slugOf}
          display={display}
          search=""
          emptyText={empty}
          columns={['Family', 'Styles', 'Last modified']}
          label={origin === 'upload' ? FONT_TEXTS.uploadedTab : FONT_TEXTS.googleTab}
          renderItem={(family) => (
            <FamilyCard
              family={family}
              display={display}
              href={`${base}/assets/font/${encodeURIComponent(family.slug)}`}
              selecting={selecting}
              selectable={selectable(family)}
              checked={selectable(family).length > 0 && selectable(family).every((id) => selected.has(id))}
              onCheck={(on) => toggleFamily(family, on)}
              onHide={(hidden) => void hide(selectable(family), hidden)}
              onRemove={() => setConfirm(selectable(family))}
            />
          )}
        />
      </div>

      {confirm && <ConfirmRemoveDialog count={confirm.length} onConfirm={() => void removal.remove(confirm)} onClose={() => setConfirm(null)} />}
      {google && (
        <GoogleFontsDialog
          scope={scope}
          onAdded={() => {
            setOrigin('google');
            void refresh();
          }}
          onClose={() => setGoogle(false)}
        />
      )}
    </section>
  );
}

/** Whether the element has come near the window: font files are fetched only for the previews someone can see. */
function useNearView<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '200px' });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

/** A text written in a style's own font (its file loaded as a FontFace once the text comes near the window). */
export function StyleSample({ font, text, className }: { font: Font; text: string; className?: string }) {
  const [ref, near] = useNearView<HTMLSpanElement>();
  const face = useFontFace(near ? font.id : undefined);
  return (
    <span
      ref={ref}
      className={className}
      style={face.font ? { fontFamily: `'${face.font.family}', system-ui` } : undefined}
      data-loaded={face.font ? 'true' : 'false'}
    >
      {text}
    </span>
  );
}

interface FamilyCardProps {
  family: FontFamily;
  display: DisplayMode;
  href: string;
  selecting: boolean;
  selectable: string[];
  checked: boolean;
  onCheck: (on: boolean) => void;
  onHide: (hidden: boolean) => void;
  onRemove: () => void;
}

function FamilyCard({ family, display, href, selecting, selectable, checked, onCheck, onHide, onRemove }: FamilyCardProps) {
  const updated = formatDay(family.updatedAt);
  const styles = `${family.children.length} ${family.children.length === 1 ? 'style' : 'styles'}`;
  const canChange = selectable.length > 0;
  const preview = family.children.slice(0, FONT_PREVIEW_STYLES);
  const check = selecting && (
    <label className="font-check">
      <input
        type="checkbox"
        checked={checked}
        disabled={!canChange}
        title={canChange ? undefined : NOT_YOURS}
        onChange={(e) => onCheck(e.target.checked)}
        data-testid="font-family-check"
      />
      <span className="visually-hidden">Select {family.family}</span>
    </label>
  );
  const name = (
    <Link to={href} className="model-name font-family-link" data-testid="font-family-link">
      {family.family}
    </Link>
  );
  const menu = (
    <ItemActionsMenu
      name={family.family}
      testId="font-menu"
      actions={[
        { label: family.hidden ? 'Show' : 'Hide', disabled: !canChange, reason: NOT_YOURS, onSelect: () => onHide(!family.hidden) },
        { label: 'Remove', danger: true, disabled: !canChange, reason: NOT_YOURS, onSelect: onRemove },
      ]}
    />
  );
  const common = { 'data-testid': 'font-family', 'data-slug': family.slug, 'data-hidden': family.hidden ? 'true' : 'false' };
  if (display === 'list') {
    return (
      <ItemRow
        className="font-row"
        data={common}
        lead={check}
        text={
          <>
            {name}
            <span className="model-meta">
              {family.category} · {styles}
              {family.hidden ? ' · Hidden' : ''}
            </span>
          </>
        }
        column={styles}
        date={family.updatedAt}
        dateText={updated}
        menu={menu}
      />
    );
  }
  return (
    <li className={`model-card model-card--${display} font-card`} {...common}>
      {display === 'grid' && (
        <div className="font-card-preview" aria-hidden="true">
          {preview.map((font) => (
            <StyleSample key={font.id} font={font} text={`${font.style}: ${FONT_TEXTS.sample}`} className="font-card-line" />
          ))}
        </div>
      )}
      <div className="model-card-body">
        {check}
        <div className="model-card-text">
          {name}
          <span className="model-meta">
            {family.category} · {styles} · <time dateTime={family.updatedAt}>{updated}</time>
            {family.hidden ? ' · Hidden' : ''}
          </span>
        </div>
        <span className="model-tools">{menu}</span>
      </div>
    </li>
  );
}
