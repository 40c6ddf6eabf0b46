import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { AppearanceEntry, Direction } from '@kiln/contracts';
import { ALL_DIRECTIONS, APPEARANCE_DIRECTIONS, type MaterialClassId } from '@kiln/contracts/constants';
import {
  APPEARANCE_MESSAGES,
  APPEARANCE_TYPE_LABELS,
  APPEARANCE_TYPES,
  appearanceErrors,
  appearanceTypeOf,
  entryLabels,
  setEntryMode,
  switchAppearanceType,
  type AppearanceType,
} from '@kiln/domain';
import { SelectField } from '../../teams/dialogs/fields';
import { mediaFileUrl } from '../../textures/textures-api';
import { ColorPicker } from './ColorPicker';
import type { EntryTexture } from './entry-textures';
import type { MaterialScope } from './material-api';
import { TexturePicker } from './TexturePicker';

interface AppearanceEditorProps {
  value: AppearanceEntry[];
  onChange: (entries: AppearanceEntry[]) => void;
  materialClass: MaterialClassId | '';
  /** Show the §5 rules' messages (after a first Finish or Done). */
  showErrors: boolean;
  /** The material's scope: its textures are offered, with the community's. */
  scope: MaterialScope;
  /** The textures the entries name, as read (useEntryTextures). */
  textures: ReadonlyMap<string, EntryTexture>;
}

/** The texture an entry shows: the one chosen here, or the one it names as read; null while unknown or gone. */
function shownTexture(entry: AppearanceEntry, textures: ReadonlyMap<string, EntryTexture>): { name: string; preview: string | null } | null {
  if (!entry.textureId) return null;
  const read = textures.get(entry.textureId);
  if (read?.state === 'ready') return { name: read.texture.name, preview: read.texture.preview?.id ?? null };
  if (read?.state === 'gone') return null;
  return entry.texture && entry.texture.id === entry.textureId ? entry.texture : null;
}

const DIRECTION_CHOICES: readonly Direction[] = [...APPEARANCE_DIRECTIONS, ALL_DIRECTIONS];
const directionLabel = (d: Direction) => (d === ALL_DIRECTIONS ? 'All' : d);

/** What an entry tab shows beside its name: the chosen colour, or the texture (its preview and name, or that it is gone). */
function EntryMark({ entry, textures }: { entry: AppearanceEntry; textures: ReadonlyMap<string, EntryTexture> }) {
  if (entry.mode === 'color' && entry.color)
    return <span className="color-chip color-chip--small" style={{ background: entry.color.hex }} aria-hidden="true" />;
  if (entry.mode === 'texture' && entry.textureId) {
    const texture = shownTexture(entry, textures);
    if (texture)
      return (
        <span className="tab-note tab-texture">
          {texture.preview && <img src={mediaFileUrl(texture.preview)} alt="" width={18} height={18} />}
          {texture.name}
        </span>
      );
    if (textures.get(entry.textureId)?.state === 'gone') return <span className="tab-note tab-note--gone">Texture gone</span>;
    return <span className="tab-note">…</span>;
  }
  return <span className="tab-note">{entry.mode === 'texture' ? 'No texture' : 'No colour'}</span>;
}

/** The entry's texture above the grid: its name, or the sentence saying it is gone (ADR 0064). */
function ChosenTexture({ entry, textures }: { entry: AppearanceEntry; textures: ReadonlyMap<string, EntryTexture> }) {
  if (!entry.textureId) return null;
  const read = textures.get(entry.textureId);
  if (read?.state === 'gone')
    return (
      <p className="texture-gone" role="status" data-testid="texture-gone">
        {APPEARANCE_MESSAGES.textureUnavailable}
      </p>
    );
  if (read?.state === 'failed')
    return (
      <p className="field-error" role="alert">
        {read.message}
      </p>
    );
  const texture = shownTexture(entry, textures);
  return texture ? (
    <p className="texture-chosen" data-testid="texture-chosen">
      Texture: <strong>{texture.name}</strong>
    </p>
  ) : null;
}

/**
 * The appearance editor (spec 002 §2–§5): the material type (Mono Texture, Two-toned, Custom), one tab per entry
 * (APG tabs: arrow keys move between them), and in each the directions it paints, the Texture/Color switch, the
 * texture search and grid, or the colour picker.
 */
export function AppearanceEditor({ value, onChange, materialClass, showErrors, scope, textures }: AppearanceEditorProps) {
  const entries = value;
  const type = appearanceTypeOf(entries);
  const labels = entryLabels(entries);
  const [active, setActive] = useState(0);
  const current = Math.min(active, entries.length - 1);
  const entry = entries[current];
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const errors = showErrors ? appearanceErrors(entries, materialClass || null) : [];
  const entryErrors = (i: number) => errors.filter((e) => e.path.startsWith(`appearance.${i}.`)).map((e) => e.message);
  const overall = errors.filter((e) => e.path === 'appearance').map((e) => e.message);

  const update = (i: number, next: AppearanceEntry) => onChange(entries.map((e, at) => (at === i ? next : e)));
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: entries.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key] + entries.length) % entries.length;
    setActive(next);
    tabs.current[next]?.focus();
  };
  const toggleDirection = (direction: Direction, on: boolean) => {
    const dirs = entry.materialIndexDirection.filter((d) => d !== direction);
    update(current, { ...entry, materialIndexDirection: on ? [...dirs, direction] : dirs });
  };

  return (
    <div className="appearance-editor">
      <SelectField
        label="Material type"
        value={type}
        data-testid="appearance-type"
        onChange={(event) => {
          // Spec 002 §4: switching the type resets every entry's texture and colour.
          onChange(switchAppearanceType(entries, event.target.value as AppearanceType) as AppearanceEntry[]);
          setActive(0);
        }}
      >
        {APPEARANCE_TYPES.map((t) => (
          <option key={t} value={t}>
            {APPEARANCE_TYPE_LABELS[t]}
          </option>
        ))}
      </SelectField>

      <div className="entry-tabs" role="tablist" aria-label="Appearance entries">
        {entries.map((e, i) => (
          <button
            key={i}
            ref={(node) => {
              tabs.current[i] = node;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${i}`}
            aria-selected={i === current}
            aria-controls={`${baseId}-panel`}
            tabIndex={i === current ? 0 : -1}
            className={`entry-tab ${i === current ? 'entry-tab--active' : ''} ${entryErrors(i).length ? 'entry-tab--invalid' : ''}`}
            onClick={() => setActive(i)}
            onKeyDown={onTabKey}
          >
            <span>{labels[i]}</span>
            <EntryMark entry={e} textures={textures} />
          </button>
        ))}
      </div>

      {entry && (
        <div className="entry-panel" role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${current}`}>
          <fieldset className="direction-set">
            <legend>Directions</legend>
            <div className="direction-choices">
              {DIRECTION_CHOICES.map((direction) => (
                <label key={direction} className="check-chip">
                  <input
                    type="checkbox"
                    checked={entry.materialIndexDirection.includes(direction)}
                    onChange={(event) => toggleDirection(direction, event.target.checked)}
                  />
                  <span>{directionLabel(direction)}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset className="mode-switch">
            <legend>Fill</legend>
            {(['texture', 'color'] as const).map((mode) => (
              <label key={mode} className={`mode-option ${entry.mode === mode ? 'mode-option--on' : ''}`}>
                <input
                  type="radio"
                  className="visually-hidden"
                  name={`${baseId}-mode`}
                  checked={entry.mode === mode}
                  onChange={() => update(current, setEntryMode(entry, mode))}
                />
                {mode === 'texture' ? 'Texture' : 'Color'}
              </label>
            ))}
          </fieldset>

          {entry.mode === 'texture' ? (
            <>
              <ChosenTexture entry={entry} textures={textures} />
              <TexturePicker
                scope={scope}
                value={entry.textureId}
                onChoose={(texture) =>
                  update(current, { ...entry, textureId: texture.id, texture: { id: texture.id, name: texture.name, preview: texture.preview?.id ?? null } })
                }
              />
            </>
          ) : (
            <ColorPicker key={current} label={labels[current]} value={entry.color} onChange={(color) => update(current, { ...entry, color })} />
          )}

          {entryErrors(current).length > 0 && (
            <div className="appearance-errors" data-testid="appearance-errors">
              {entryErrors(current).map((message) => (
                <p key={message} className="field-error" role="alert">
                  {message}
                </p>
              ))}
            </div>
          )}
        </div>
      )}
      {(overall.length > 0 || errors.some((e) => !e.path.startsWith(`appearance.${current}.`) && e.path !== 'appearance')) && (
        <div className="appearance-errors" data-testid="appearance-errors">
          {overall.map((message) => (
            <p key={message} className="field-error" role="alert">
              {message}
            </p>
          ))}
          {entries.map((_, i) =>
            i !== current && entryErrors(i).length > 0 ? (
              <p key={i} className="field-error" role="alert">
                {labels[i]}: {entryErrors(i).join(' ')}
              </p>
            ) : null,
          )}
        </div>
      )}
    </div>
  );
}
