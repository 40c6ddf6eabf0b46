import { ModelSnapshot, WORKSPACE_STREAM } from '@kiln/contracts';
import { Projection } from '@kiln/service-kit';
import type { Transaction } from 'kysely';
import type { WorkspaceDatabase } from '../../database.types';
import { clearComponentUsagesIn } from '../adapters/model-component-usages';
import { modelIsLiveIn } from '../adapters/model-liveness';

/**
 * A deleted model uses no component any more (ADR 0054, 0051), so their used count is true and they can be
 * deleted. In the runner's transaction, where the event is also recorded as processed (a redelivery does
 * nothing). A model restored before this ran keeps them; one restored later comes back using none (its
 * owner records them again). No read model: nothing to rebuild.
 */
export const ClearComponentUsagesOnModelDeleted: Projection = {
  name: 'clear-component-usages-on-model-deleted',
  stream: WORKSPACE_STREAM.name,
  subject: 'workspace.model.deleted.v1',
  async apply(trx, event) {
    const db = trx as Transaction<WorkspaceDatabase>;
    const model = (event.data as { model: ModelSnapshot }).model;
    if (await modelIsLiveIn(db, model.id)) return;
    await clearComponentUsagesIn(db, model.id);
  },
  async rebuild() {
    return 0;
  },
};
