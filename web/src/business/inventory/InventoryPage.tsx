import { Suspense, useId, useState, type ReactNode } from 'react';
import type { Material } from '@kiln/contracts';
import { ApiError, messageOf } from '../../api/client';
import { parseSort, useViewState } from '../../shell/view-state';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { ChevronDown, PlusIcon } from '../../ui/icons';
import { lazyPart, preloadOn } from '../../ui/lazy';
import { DialogLoadFailed, DialogLoading } from '../../ui/LazyFallbacks';
import { ScopePicker, useBusinessScope, useCanChange } from '../business-scope';
import { CHANGED_MEANWHILE, materialApi } from '../materials/material-api';
import { RecordHistoryDialog } from '../shared/RecordHistoryDialog';
import { useUndoRemoval } from '../shared/UndoRemoval';
import { splitByStock, sortMaterials } from './inventory-cache';
import { InventoryRow, type RowEdit } from './InventoryRow';
import { useInventory, useMaterialCache, useMaterialPushes } from './useInventory';
import '../business.css';
import './inventory.css';

// The wizard (forms, appearance editor) is a chunk of its own, and its 3D preview another one inside it.
const MaterialDialog = lazyPart(() => import('../materials/MaterialDialog').then((m) => m.MaterialDialog));

export const INVENTORY_TEXTS = {
  title: 'Materials inventory',
  add: 'Add a new material',
  empty: 'Your digital inventory has no materials yet. Add a new material to keep track of what you have in stock.',
  noMatch: 'No materials match your search.',
  loadFailed: 'The inventory could not be loaded.',
  inStock: 'In stock',
  outOfStock: 'Out of stock',
} as const;

/** A collapsible group (In stock, Out of stock): its heading is the toggle (APG disclosure pattern). */
function StockGroup({ title, count, testId, children }: { title: string; count: number; testId: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  return (
    <section className="inventory-group" data-testid={testId}>
      <h2 className="inventory-group-title">
        <button type="button" className="inventory-toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
          <span className={`inventory-chevron ${open ? 'inventory-chevron--open' : ''}`}>
            <ChevronDown size={18} />
          </span>
          {title} <span className="inventory-count">({count})</span>
        </button>
      </h2>
      <ul id={listId} className="inventory-list" hidden={!open}>
        {children}
      </ul>
    </section>
  );
}

type Open = { kind: 'create' } | { kind: 'edit'; material: Material } | { kind: 'history'; material: Material } | null;

/** Materials inventory (/business/inventory, spec 002 §2): my materials, or a team's or project's. */
export function InventoryPage() {
  const [scope, setScope] = useBusinessScope();
  const canChange = useCanChange(scope);
  const { search, sort } = useViewState();
  const { field, order } = parseSort(sort);
  const list = useInventory(scope, search);
  const cache = useMaterialCache();
  useMaterialPushes();
  const [open, setOpen] = useState<Open>(null);
  const [edit, setEdit] = useState<RowEdit | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const { offerUndo, undoBar } = useUndoRemoval();
  const titleId = useId();

  const all = list.data ?? [];
  const { inStock, outOfStock } = splitByStock(sortMaterials(all, field, order));
  const row = (material: Material) => (
    <InventoryRow
      key={material.id}
      material={material}
      canChange={canChange}
      edit={edit?.id === material.id ? edit : undefined}
      onEdit={setEdit}
      onProperties={(m) => setOpen({ kind: 'edit', material: m })}
      onHistory={(m) => setOpen({ kind: 'history', material: m })}
      onDelete={(m) => void remove(m)}
    />
  );

  // Spec 002 §5: a delete asks for no confirmation; Undo brings the same material back (issue 17).
  const remove = async (material: Material) => {
    setRemoveError(null);
    try {
      const deleted = await materialApi.remove(material.id, material.version);
      cache.remove(deleted);
      offerUndo(material.name, async () => cache.upsert(await materialApi.restore(material.id)));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return cache.remove(material);
      if (error instanceof ApiError && error.status === 412) {
        void cache.refresh();
        return setRemoveError(CHANGED_MEANWHILE);
      }
      setRemoveError(messageOf(error));
    }
  };

  return (
    <section className="inventory-page" aria-labelledby={titleId}>
      <header className="page-header inventory-header">
        <div>
          <h1 id={titleId}>{INVENTORY_TEXTS.title}</h1>
          {list.isSuccess && <p className="page-sub">{all.length === 1 ? '1 material' : `${all.length} materials`}</p>}
        </div>
        <div className="inventory-header-tools">
          <ScopePicker scope={scope} onChange={setScope} />
          {canChange && (
            <button
              type="button"
              className="btn btn-primary"
              data-testid="add-material"
              {...preloadOn(MaterialDialog.preload)}
              onClick={() => setOpen({ kind: 'create' })}
            >
              <PlusIcon size={18} /> {INVENTORY_TEXTS.add}
            </button>
          )}
        </div>
      </header>

      {list.isPending ? (
        <div className="inventory-loading" role="status" aria-busy="true" data-testid="inventory-loading">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading the inventory…</span>
        </div>
      ) : list.isError ? (
        <div className="empty" role="alert">
          <p>{INVENTORY_TEXTS.loadFailed}</p>
          <button type="button" className="btn btn-ghost" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : all.length === 0 ? (
        <p className="empty inventory-empty" data-testid="empty-text">
          {search ? INVENTORY_TEXTS.noMatch : INVENTORY_TEXTS.empty}
        </p>
      ) : (
        <div className="inventory-groups">
          <StockGroup title={INVENTORY_TEXTS.inStock} count={inStock.length} testId="in-stock">
            {inStock.map(row)}
          </StockGroup>
          <StockGroup title={INVENTORY_TEXTS.outOfStock} count={outOfStock.length} testId="out-of-stock">
            {outOfStock.map(row)}
          </StockGroup>
        </div>
      )}

      {(open?.kind === 'create' || open?.kind === 'edit') && (
        <ErrorBoundary fallback={<DialogLoadFailed title={open.kind === 'edit' ? 'Edit material' : 'Create material'} onClose={() => setOpen(null)} />}>
          <Suspense fallback={<DialogLoading />}>
            <MaterialDialog
              material={open.kind === 'edit' ? open.material : undefined}
              scope={scope}
              readOnly={!canChange}
              onClose={() => {
                setOpen(null);
                // Spec 002 §4: closing the dialog refreshes the inventory.
                void cache.refresh();
              }}
            />
          </Suspense>
        </ErrorBoundary>
      )}
      {open?.kind === 'history' && <RecordHistoryDialog kind="material" id={open.material.id} name={open.material.name} onClose={() => setOpen(null)} />}
      {removeError && (
        <p className="form-error" role="alert" data-testid="remove-error">
          {removeError}
        </p>
      )}
      {undoBar}
    </section>
  );
}
