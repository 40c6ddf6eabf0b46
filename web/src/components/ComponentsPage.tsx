import { useId, useState } from 'react';
import { useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Component, PushMessage } from '@kiln/contracts';
import { COMPONENT_PAGE_SIZE } from '@kiln/contracts/constants';
import { teamAllows } from '@kiln/domain';
import { formatDate } from '../models/ModelItem';
import { ListHeader, ModelListView, usePagedItems } from '../models/ModelListView';
import { useViewState, type DisplayMode } from '../shell/view-state';
import { DeleteByNameDialog } from '../teams/dialogs/DeleteByNameDialog';
import { useProjectOutlet, useTeamOutlet } from '../teams/TeamScope';
import { ComponentIcon, PlusIcon } from '../ui/icons';
import { inItemScope, ItemActionsMenu, ItemRow, mergePush, useLiveItems } from '../ui/ItemParts';
import { ComponentNameDialog } from './ComponentNameDialog';
import { componentsApi, type ComponentScope } from './components-api';
import { COMPONENT_TEXTS } from './component-texts';

const componentKeys = {
  all: ['components'] as const,
  list: (search: string, sort: string, scope: ComponentScope) => ['components', scope.teamId ?? '', scope.projectId ?? '', search, sort] as const,
};
const idOf = (component: Component) => component.id;

/**
 * A push merged into every cached page at once: a deletion takes the component out, a change replaces its fields
 * when newer (by version; the people stay as populated). A new one needs its place in the order: the list is fetched.
 */
function applyPush(queryClient: QueryClient, message: PushMessage<Component>) {
  mergePush(queryClient, componentKeys.all, message, (cached, pushed) =>
    cached.version < pushed.version ? { ...cached, ...pushed, author: cached.author, contributor: cached.contributor } : cached,
  );
}

type Open = { kind: 'new' } | { kind: 'rename'; component: Component } | { kind: 'delete'; component: Component } | null;

interface ComponentsPageProps {
  scope?: ComponentScope;
  /** New Component: always in the personal scope; in a team, owner or editor (spec 001 §6). */
  canCreate: boolean;
  /** Rename and Delete: the author in the personal scope; in a team, owner or editor (ADR 0051). */
  canChange: boolean;
}

/**
 * My Components, and a team's or project's components (spec 001 §2): grid, list or compact (remembered under
 * 'display'), 20 at a time with more loaded while a full page came, New Component, rename, and delete by
 * typing the name. Other tabs' changes arrive on `workspace-component` and refetch the list.
 */
export function ComponentsPage({ scope = {}, canCreate, canChange }: ComponentsPageProps) {
  const { search, sort, display } = useViewState();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery({
    queryKey: componentKeys.list(search, sort, scope),
    queryFn: ({ pageParam }) => componentsApi.list({ search, sort, skip: pageParam, scope }),
    initialPageParam: 0,
    // More is loaded when a page returned exactly 20 (spec 001 §9).
    getNextPageParam: (last, all) => (last.data.length === COMPONENT_PAGE_SIZE ? all.reduce((n, page) => n + page.data.length, 0) : undefined),
  });
  const [open, setOpen] = useState<Open>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: componentKeys.all });
  const { items, forget } = useLiveItems(
    usePagedItems(list, idOf),
    'workspace-component',
    (message) => applyPush(queryClient, message),
    refresh,
    (item) => inItemScope(item, scope) && item.name.toLowerCase().includes(search.trim().toLowerCase()),
  );
  const titleId = useId();
  const inTeam = Boolean(scope.teamId);

  return (
    <section className="models-page" aria-labelledby={titleId}>
      <ListHeader
        id={titleId}
        title={inTeam ? 'Components' : 'My Components'}
        total={list.isSuccess ? list.data.pages[0]?.total : undefined}
        noun={['component', 'components']}
      >
        <button
          type="button"
          className="btn btn-primary"
          data-testid="new-component"
          disabled={!canCreate}
          title={canCreate ? undefined : COMPONENT_TEXTS.noRole}
          onClick={() => setOpen({ kind: 'new' })}
        >
          <PlusIcon size={18} /> {COMPONENT_TEXTS.newComponent}
        </button>
      </ListHeader>

      <ModelListView
        query={list}
        items={items}
        keyOf={idOf}
        display={display}
        search={search}
        emptyText={COMPONENT_TEXTS.empty}
        columns={['Name', 'Author', 'Last modified']}
        label="Components"
        renderItem={(component) => (
          <ComponentItem
            component={component}
            display={display}
            canChange={canChange}
            onRename={() => setOpen({ kind: 'rename', component })}
            onDelete={() => setOpen({ kind: 'delete', component })}
          />
        )}
      />

      {open?.kind === 'new' && (
        <ComponentNameDialog
          title={COMPONENT_TEXTS.newComponent}
          submitLabel="Create"
          onSubmit={async (name) => {
            await componentsApi.create(name, scope);
            await refresh();
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'rename' && (
        <ComponentNameDialog
          title="Rename"
          submitLabel="Rename"
          initialName={open.component.name}
          onSubmit={async (name) => {
            await componentsApi.rename(open.component.id, name);
            await refresh();
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'delete' && (
        <DeleteByNameDialog
          title="Delete component"
          what="component"
          name={open.component.name}
          onConfirm={async () => {
            await componentsApi.remove(open.component.id);
            forget(open.component.id);
            await refresh();
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}

function ComponentItem({
  component,
  display,
  canChange,
  onRename,
  onDelete,
}: {
  component: Component;
  display: DisplayMode;
  canChange: boolean;
  onRename: () => void;
  onDelete: () => void;
}) {
  const updated = formatDate(component.updatedAt);
  const common = { 'data-testid': 'component-item', 'data-component-name': component.name, 'data-component-id': component.id };
  const thumb = (
    <div className="thumb" aria-hidden="true">
      <ComponentIcon size={display === 'list' ? 18 : 40} />
    </div>
  );
  const name = (
    <span className="model-name" title={component.name} data-testid="component-name-text">
      {component.name}
    </span>
  );
  const menu = (
    <ItemActionsMenu
      name={component.name}
      testId="component-menu"
      actions={[
        { label: 'Rename', testId: 'component-rename', disabled: !canChange, reason: COMPONENT_TEXTS.noRole, onSelect: onRename },
        { label: 'Delete', testId: 'component-delete', disabled: !canChange, danger: true, reason: COMPONENT_TEXTS.noRole, onSelect: onDelete },
      ]}
    />
  );
  if (display === 'list') {
    return (
      <ItemRow
        data={common}
        lead={thumb}
        text={
          <>
            {name}
            <span className="model-meta model-row-phone-meta">
              Edited <time dateTime={component.updatedAt}>{updated}</time>
            </span>
          </>
        }
        column={component.author?.fullName ?? <span className="muted">—</span>}
        date={component.updatedAt}
        dateText={updated}
        menu={menu}
      />
    );
  }
  return (
    <li className={`model-card model-card--${display}`} {...common}>
      {thumb}
      <div className="model-card-body">
        <div className="model-card-text">
          {name}
          <span className="model-meta">
            {display === 'grid' && 'Edited '}
            <time dateTime={component.updatedAt}>{updated}</time>
          </span>
          {component.author && display === 'grid' && <span className="model-meta">Author {component.author.fullName}</span>}
        </div>
        <span className="model-tools">{menu}</span>
      </div>
    </li>
  );
}

/** /component: the signed-in user's own components. */
export function MyComponentsPage() {
  return <ComponentsPage canCreate canChange />;
}

/** /{teamId}/component: New Component, rename and delete for owners and editors; viewers read. */
export function TeamComponentsPage() {
  const { team } = useTeamOutlet();
  const allowed = teamAllows(team.userRole, 'component.create');
  return <ComponentsPage key={team.id} scope={{ teamId: team.id }} canCreate={allowed} canChange={teamAllows(team.userRole, 'component.change')} />;
}

/** /{teamId}/{projectId}/component. */
export function ProjectComponentsPage() {
  const { team, project } = useProjectOutlet();
  return (
    <ComponentsPage
      key={project.id}
      scope={{ teamId: team.id, projectId: project.id }}
      canCreate={teamAllows(team.userRole, 'component.create')}
      canChange={teamAllows(team.userRole, 'component.change')}
    />
  );
}
