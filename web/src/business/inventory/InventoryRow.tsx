import { useId, type FormEvent } from 'react';
import type { Material } from '@kiln/contracts';
import { MATERIAL_CLASSES } from '@kiln/contracts/constants';
import { ApiError, messageOf } from '../../api/client';
import { DotsIcon } from '../../ui/icons';
import { Menu, MenuItem } from '../../ui/Menu';
import { TextField } from '../../ui/TextField';
import { CHANGED_MEANWHILE, materialApi } from '../materials/material-api';
import { priceError, priceText, quantityText, numberOf, MATERIAL_TEXTS, unitLabel } from '../materials/material-form';
import { useMaterialCache } from './useInventory';

const PencilIcon = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4" />
  </svg>
);

/** The colour a row's mark shows: the first coloured entry of the appearance, else a neutral grey. */
export function swatchOf(material: Pick<Material, 'appearance'>): string {
  return material.appearance.find((entry) => entry.color)?.color?.hex ?? '#b9b4ac';
}

/** Inline edit: a quantity cannot be negative, an empty one is missing (spec 002 §5). */
function inlineQuantityError(value: string): string | undefined {
  const n = numberOf(value);
  if (!value.trim() || n === undefined) return MATERIAL_TEXTS.quantityRequired;
  return n < 0 ? MATERIAL_TEXTS.quantityNegative : undefined;
}

/**
 * The inline edit of one row. The page holds it (one row at a time), so it survives the row moving to the other
 * group when a reload after a 412 changes the quantity.
 */
export interface RowEdit {
  id: string;
  /** The version the values were read at, sent as If-Match (a push meanwhile must not make the save overwrite it). */
  version: number;
  price: string;
  quantity: string;
  errors: { price?: string; quantity?: string; form?: string };
  saving: boolean;
}

interface InventoryRowProps {
  material: Material;
  canChange: boolean;
  /** This row's inline edit, when it is being edited. */
  edit: RowEdit | undefined;
  onEdit: (edit: RowEdit | null) => void;
  onProperties: (material: Material) => void;
  /** Opens the material's timeline (issue 8). */
  onHistory: (material: Material) => void;
  onDelete: (material: Material) => void;
}

/** One material: name, price and quantity; the pencil edits price and quantity in place (spec 002 §4). */
export function InventoryRow({ material, canChange, edit, onEdit, onProperties, onHistory, onDelete }: InventoryRowProps) {
  const cache = useMaterialCache();
  const nameId = useId();
  const spec = MATERIAL_CLASSES[material.materialClass];
  const editing = Boolean(edit);
  const price = edit?.price ?? '';
  const quantity = edit?.quantity ?? '';
  const errors = edit?.errors ?? {};
  const saving = edit?.saving ?? false;
  const change = (patch: Partial<RowEdit>) => edit && onEdit({ ...edit, ...patch });

  const start = () =>
    onEdit({
      id: material.id,
      version: material.version,
      price: material.price.price.toFixed(2),
      quantity: String(material.quantityInStock.value),
      errors: {},
      saving: false,
    });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!edit) return;
    const found = { price: priceError(price), quantity: inlineQuantityError(quantity) };
    if (found.price || found.quantity) return change({ errors: found });
    change({ saving: true, errors: {} });
    try {
      const saved = await materialApi.update(
        material.id,
        { price: { ...material.price, price: numberOf(price)! }, quantityInStock: { ...material.quantityInStock, value: numberOf(quantity)! } },
        edit.version,
      );
      cache.upsert(saved);
      onEdit(null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        // Someone else's change came first: show theirs (the row reloads) and let the person decide again.
        const fresh = await materialApi.get(material.id).catch(() => undefined);
        onEdit({
          ...edit,
          saving: false,
          errors: { form: CHANGED_MEANWHILE },
          ...(fresh ? { version: fresh.version, price: fresh.price.price.toFixed(2), quantity: String(fresh.quantityInStock.value) } : {}),
        });
        if (fresh) cache.upsert(fresh);
        else void cache.refresh();
      } else onEdit({ ...edit, saving: false, errors: { form: messageOf(error) } });
    }
  };

  return (
    <li className={`inventory-row ${editing ? 'inventory-row--editing' : ''}`} data-testid="inventory-row" data-material-name={material.name}>
      <div className="inventory-material">
        <span className="inventory-swatch" style={{ background: swatchOf(material) }} aria-hidden="true" />
        <span className="inventory-text">
          <span id={nameId} className="inventory-name">
            {material.name}
          </span>
          <span className="inventory-meta">
            {spec?.label ?? material.materialClass} · {material.internalName}
          </span>
        </span>
      </div>
      {editing ? (
        <form className="inventory-edit" noValidate onSubmit={save} aria-label={`Edit price and quantity of ${material.name}`}>
          <TextField
            label={`Price (US dollars / ${unitLabel(material.price.unit)})`}
            inputMode="decimal"
            autoFocus
            value={price}
            errors={errors.price}
            onChange={(event) => change({ price: event.target.value, errors: { ...errors, price: errors.price && priceError(event.target.value) } })}
          />
          <TextField
            label={`Quantity (${unitLabel(material.quantityInStock.unit)})`}
            inputMode="decimal"
            value={quantity}
            errors={errors.quantity}
            onChange={(event) =>
              change({ quantity: event.target.value, errors: { ...errors, quantity: errors.quantity && inlineQuantityError(event.target.value) } })
            }
          />
          <div className="inventory-edit-actions">
            <button type="button" className="btn btn-ghost btn-small" onClick={() => onEdit(null)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary btn-small" disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </button>
          </div>
          {errors.form && (
            <p className="form-error inventory-edit-error" role="alert" data-testid="form-error">
              {errors.form}
            </p>
          )}
        </form>
      ) : (
        <>
          <span className="inventory-price" data-testid="inventory-price">
            <span className="visually-hidden">Price </span>
            {priceText(material)}
          </span>
          <span className="inventory-quantity" data-testid="inventory-quantity">
            <span className="visually-hidden">Quantity </span>
            {quantityText(material)}
          </span>
          <span className="inventory-actions">
            {canChange && (
              <button
                type="button"
                className="icon-btn"
                aria-label={`Edit price and quantity of ${material.name}`}
                data-testid="inventory-edit"
                onClick={start}
              >
                <PencilIcon />
              </button>
            )}
            <Menu
              label={`Actions for ${material.name}`}
              trigger={(props) => (
                <button type="button" className="icon-btn" aria-label={`Actions for ${material.name}`} data-testid="inventory-menu-button" {...props}>
                  <DotsIcon size={18} />
                </button>
              )}
            >
              {(close) => (
                <>
                  <MenuItem
                    onSelect={() => {
                      close();
                      onProperties(material);
                    }}
                  >
                    Material properties
                  </MenuItem>
                  <MenuItem
                    testId="material-history"
                    onSelect={() => {
                      close();
                      onHistory(material);
                    }}
                  >
                    History
                  </MenuItem>
                  <MenuItem
                    danger
                    disabled={!canChange}
                    title={canChange ? undefined : 'Only the team’s owners and editors may delete materials.'}
                    onSelect={() => {
                      close();
                      onDelete(material);
                    }}
                  >
                    Delete material
                  </MenuItem>
                </>
              )}
            </Menu>
          </span>
        </>
      )}
    </li>
  );
}
