import { useId, useState } from 'react';
import type { AppearanceColor } from '@kiln/contracts';
import { clampUnit, PALETTE, PALETTE_FAMILIES, paletteColorOf } from '@kiln/domain';

/** A colour picked from the palette starts plain: not metallic, half rough, opaque. */
export const DEFAULT_FINISH = { metallicity: 0, roughness: 0.5, opacity: 1 } as const;
const HEX = /^#[0-9a-fA-F]{6}$/;
export const HEX_MESSAGE = 'Use a colour like #1A2B3C.';

interface ColorPickerProps {
  value: AppearanceColor | null;
  onChange: (color: AppearanceColor) => void;
  /** Names the picker's groups after the entry ("Main faces colour"). */
  label: string;
}

function Slider({ label, value, onChange }: { label: string; value: number; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <div className="slider-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="range" min={0} max={1} step={0.01} value={value} onChange={(event) => onChange(clampUnit(Number(event.target.value)))} />
      <output htmlFor={id}>{value.toFixed(2)}</output>
    </div>
  );
}

/**
 * The colour picker of the appearance editor (spec 002 §2): the palette's shade families of 8 as one radio group
 * (arrow keys move through it), or the advanced mode with a hex colour and the Metallicity, Roughness and Opacity
 * sliders (0–1, step 0.01; spec 002 §9).
 */
export function ColorPicker({ value, onChange, label }: ColorPickerProps) {
  const [advanced, setAdvanced] = useState(() => Boolean(value && !paletteColorOf(value.hex)));
  const [hexText, setHexText] = useState(value?.hex ?? '');
  const [hexError, setHexError] = useState<string>();
  const name = useId();
  const hexId = useId();
  const finish = value ? { metallicity: value.metallicity, roughness: value.roughness, opacity: value.opacity } : DEFAULT_FINISH;
  const pick = (hex: string) => onChange({ hex: hex.toUpperCase(), ...finish });
  const chosen = value ? paletteColorOf(value.hex) : undefined;

  return (
    <div className="color-picker">
      <div className="color-picker-head">
        <span className="color-current">
          <span className="color-chip" style={{ background: value?.hex ?? 'transparent' }} aria-hidden="true" />
          <span data-testid="chosen-color">{value ? `${chosen?.name ?? 'Custom colour'} (${value.hex})` : 'No colour chosen yet'}</span>
        </span>
        <button
          type="button"
          className="link-btn"
          onClick={() => {
            setAdvanced(!advanced);
            setHexText(value?.hex ?? '');
            setHexError(undefined);
          }}
        >
          {advanced ? 'Switch to basic' : 'Switch to advanced'}
        </button>
      </div>
      {advanced ? (
        <div className="color-advanced">
          <div className={`field ${hexError ? 'field--invalid' : ''}`}>
            <label htmlFor={hexId}>Hex colour</label>
            <div className="colour-row">
              <input
                id={hexId}
                value={hexText}
                placeholder="#1A2B3C"
                maxLength={7}
                aria-invalid={Boolean(hexError)}
                aria-describedby={hexError ? `${hexId}-error` : undefined}
                onChange={(event) => {
                  const text = event.target.value.trim();
                  setHexText(text);
                  const withHash = text.startsWith('#') ? text : `#${text}`;
                  if (HEX.test(withHash)) {
                    setHexError(undefined);
                    pick(withHash);
                  } else setHexError(HEX_MESSAGE);
                }}
              />
              <input
                type="color"
                aria-label="Pick a colour"
                value={value?.hex?.toLowerCase() ?? '#9e9e9e'}
                onChange={(event) => {
                  setHexText(event.target.value.toUpperCase());
                  setHexError(undefined);
                  pick(event.target.value);
                }}
              />
            </div>
            {hexError && (
              <p id={`${hexId}-error`} className="field-error" data-testid="field-error" role="alert">
                {hexError}
              </p>
            )}
          </div>
          <Slider label="Metallicity" value={finish.metallicity} onChange={(n) => onChange({ hex: value?.hex ?? '#9E9E9E', ...finish, metallicity: n })} />
          <Slider label="Roughness" value={finish.roughness} onChange={(n) => onChange({ hex: value?.hex ?? '#9E9E9E', ...finish, roughness: n })} />
          <Slider label="Opacity" value={finish.opacity} onChange={(n) => onChange({ hex: value?.hex ?? '#9E9E9E', ...finish, opacity: n })} />
        </div>
      ) : (
        <div className="palette" role="radiogroup" aria-label={`${label}: palette`}>
          {PALETTE_FAMILIES.map(({ family }) => (
            <div key={family} className="palette-family" role="group" aria-label={family}>
              {PALETTE.filter((c) => c.family === family).map((color) => (
                <label key={color.name} className="palette-swatch" style={{ background: color.hex }} title={color.name}>
                  <input
                    type="radio"
                    className="visually-hidden"
                    name={name}
                    value={color.hex}
                    aria-label={color.name}
                    checked={chosen?.hex === color.hex}
                    onChange={() => pick(color.hex)}
                  />
                </label>
              ))}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
