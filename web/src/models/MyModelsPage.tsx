import { useId } from 'react';
import { Link } from 'react-router';
import type { Model } from '@kiln/contracts';
import { useViewState } from '../shell/view-state';
import { PlusIcon } from '../ui/icons';
import { preloadOn } from '../ui/lazy';
import { preloadModelDialogs } from './lazy-dialogs';
import type { ModelScope } from './model-cache';
import { useModelDialogs } from './ModelDialogHost';
import { ModelItem } from './ModelItem';
import { ModelListView, ListHeader, usePagedItems } from './ModelListView';
import { ModelMenu } from './ModelMenu';
import { ModelStar } from './ModelStar';
import { useModelList } from './useModels';

export { NOTHING_FOUND_TEXT } from './ModelListView';
export const EMPTY_TEXT = 'You don’t have models';

const modelId = (model: Model) => model.id;

interface MyModelsPageProps {
  /** A team's models, or one project's; the personal workspace without it. */
  scope?: { teamId: string; projectId?: string };
  /** Whether New Model is offered (in a team: owner or editor, spec 000 §6). Always in the personal workspace. */
  canCreate?: boolean;
  /** The heading; 'My Models' in the personal workspace, 'Models' in a team or project. */
  title?: string;
}

/** My Models (spec 000 §2), and the model list of a team or project page (rendered there by the teams screens). */
export function MyModelsPage({ scope, canCreate = true, title }: MyModelsPageProps) {
  const { search, sort, display } = useViewState();
  const listScope: ModelScope = scope ?? {};
  const list = useModelList(search, sort, listScope);
  const models = usePagedItems(list, modelId);
  const dialogs = useModelDialogs();
  const heading = title ?? (scope ? 'Models' : 'My Models');
  // On a team or project page the list is a part of the page, under the page's own h1.
  const titleId = useId();

  return (
    <section className="models-page" aria-labelledby={titleId}>
      <ListHeader id={titleId} level={scope ? 2 : 1} title={heading} total={list.isSuccess ? list.data.pages[0]?.total : undefined} noun={['model', 'models']}>
        {!scope && (
          <Link to="/recently-deleted" className="btn btn-ghost" data-testid="recently-deleted-link">
            Recently deleted
          </Link>
        )}
        {canCreate && (
          <button
            type="button"
            className="btn btn-primary"
            data-testid="new-model-button"
            {...preloadOn(preloadModelDialogs)}
            onClick={() => dialogs.open({ kind: 'new', scope })}
          >
            <PlusIcon size={18} /> New Model
          </button>
        )}
      </ListHeader>

      <ModelListView
        query={list}
        items={models}
        keyOf={modelId}
        display={display}
        search={search}
        emptyText={EMPTY_TEXT}
        columns={['Name', 'Author', 'Last modified']}
        label="Models"
        renderItem={(model) => (
          <ModelItem
            model={model}
            display={display}
            star={<ModelStar model={model} />}
            menu={<ModelMenu model={model} onAction={(kind) => dialogs.open(kind === 'leave' ? null : { kind, model })} />}
          />
        )}
      />

      {dialogs.element}
    </section>
  );
}
