import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CatalogItem } from '@kiln/contracts';
import { useMe } from '../../auth/session';
import { ListHeader, ModelListView, usePagedItems } from '../../models/ModelListView';
import { useViewState } from '../../shell/view-state';
import { ChevronDown, PlusIcon } from '../../ui/icons';
import { Menu, MenuItem } from '../../ui/Menu';
import { useCatalogPushes } from '../business-pushes';
import { ScopePicker, scopeSearch, useBusinessScope, useCanChange } from '../business-scope';
import { BUSINESS_TEXTS } from '../business-texts';
import { AddByModelIdDialog } from './AddByModelIdDialog';
import { AddFromWorkspaceDialog } from './AddFromWorkspaceDialog';
import { CatalogEntry } from './CatalogEntry';
import { RenameCatalogDialog } from './RenameCatalogDialog';
import { useUndoRemoval } from '../shared/UndoRemoval';
import { useCatalogList, useRemoveCatalogItem, useRestoreCatalogItem } from './useCatalog';
import '../business.css';

const itemId = (item: CatalogItem) => item.id;
type Open = { kind: 'workspace' } | { kind: 'model-id' } | { kind: 'rename'; item: CatalogItem } | null;

/** Catalog (/business/catalog, spec 002 §2): the models I sell, in the shell's grid / compact / list views. */
export function CatalogPage() {
  const { search, sort, display } = useViewState();
  const [scope, setScope] = useBusinessScope();
  const canChange = useCanChange(scope);
  const list = useCatalogList(search, sort, scope);
  const items = usePagedItems(list, itemId);
  const me = useMe();
  const navigate = useNavigate();
  const remove = useRemoveCatalogItem();
  const restore = useRestoreCatalogItem();
  const { offerUndo, undoBar } = useUndoRemoval();
  const [open, setOpen] = useState<Open>(null);
  const titleId = useId();
  useCatalogPushes();

  return (
    <section className="models-page business-page" aria-labelledby={titleId}>
      <ListHeader id={titleId} title="Catalog" total={list.isSuccess ? list.data.pages[0]?.total : undefined} noun={['item', 'items']}>
        <div className="business-actions">
          <ScopePicker scope={scope} onChange={setScope} />
          {canChange && (
            <Menu
              label="Add"
              trigger={(props) => (
                <button type="button" className="btn btn-primary" data-testid="catalog-add" {...props}>
                  <PlusIcon size={18} /> Add <ChevronDown size={16} />
                </button>
              )}
            >
              {(close) => (
                <>
                  <MenuItem
                    testId="add-community"
                    onSelect={() => {
                      close();
                      navigate(`/business/catalog/community-models${scopeSearch(scope)}`);
                    }}
                  >
                    Browse community
                  </MenuItem>
                  <MenuItem
                    testId="add-workspace"
                    onSelect={() => {
                      close();
                      setOpen({ kind: 'workspace' });
                    }}
                  >
                    From workspace
                  </MenuItem>
                  <MenuItem testId="add-vault" disabled title="The vault is not available yet">
                    From vault
                  </MenuItem>
                  <MenuItem
                    testId="add-model-id"
                    onSelect={() => {
                      close();
                      setOpen({ kind: 'model-id' });
                    }}
                  >
                    Using model ID
                  </MenuItem>
                </>
              )}
            </Menu>
          )}
        </div>
      </ListHeader>

      <ModelListView
        query={list}
        items={items}
        keyOf={itemId}
        display={display}
        search={search}
        emptyText={BUSINESS_TEXTS.catalogEmpty}
        columns={['Name', 'Author', 'Price']}
        label="Catalog"
        renderItem={(item) => (
          <CatalogEntry
            item={item}
            display={display}
            meId={me.data?.id}
            href={`/business/catalog/${item.id}`}
            onRename={canChange ? () => setOpen({ kind: 'rename', item }) : undefined}
            onRemove={canChange ? () => remove.mutate(item, { onSuccess: () => offerUndo(item.name, () => restore(item)) }) : undefined}
          />
        )}
      />
      {remove.isError && (
        <p className="form-error" role="alert">
          {BUSINESS_TEXTS.removeFailed}
        </p>
      )}
      {undoBar}

      {open?.kind === 'workspace' && <AddFromWorkspaceDialog scope={scope} onClose={() => setOpen(null)} />}
      {open?.kind === 'model-id' && <AddByModelIdDialog scope={scope} onClose={() => setOpen(null)} />}
      {open?.kind === 'rename' && <RenameCatalogDialog item={open.item} onClose={() => setOpen(null)} />}
    </section>
  );
}
