import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Material, PushMessage } from '@kiln/contracts';
import { currentUser } from '../../auth/session';
import { usePushChannel } from '../../realtime/RealtimeProvider';
import { businessKeys } from '../business-api';
import { announceVersion } from '../history-versions';
import { materialApi, materialKeys, type MaterialScope } from '../materials/material-api';
import { applyMaterialRemoval, applyMaterialUpsert, checkedAnswer } from './inventory-cache';

/** Every material of the scope matching the search (the inventory shows them all, in two groups). */
export function useInventory(scope: MaterialScope, search: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: materialKeys.list(scope, search),
    // Checked against what this page changed meanwhile: a refetch may read a read model behind it.
    queryFn: async () => checkedAnswer(queryClient, await materialApi.all(scope, search), { scope, search, meId: currentUser(queryClient)?.id }),
  });
}

/** A material created, changed or deleted here or anywhere else: merged into the cached lists. */
export function useMaterialCache() {
  const queryClient = useQueryClient();
  const meId = () => currentUser(queryClient)?.id;
  return {
    upsert: (material: Material) => applyMaterialUpsert(queryClient, material, meId()),
    remove: (material: Pick<Material, 'id' | 'version'>) => applyMaterialRemoval(queryClient, material.id, material.version),
    /** Fetch again (after a 412, or when the dialog closes: spec 002 §4 "refreshes the inventory"). */
    refresh: () => queryClient.invalidateQueries({ queryKey: materialKeys.all }),
  };
}

/** `business-material` pushes ({verb, data: record}) merged into the lists while the inventory is shown, like My Models. */
export function useMaterialPushes() {
  const cache = useMaterialCache();
  const queryClient = useQueryClient();
  usePushChannel<Material>('business-material', (message: PushMessage<Material>) => {
    const material = message?.data;
    if (!material?.id || typeof material.version !== 'number') return;
    if (message.verb === 'delete') cache.remove(material);
    else cache.upsert(material);
    // An open History dialog of it shows the new entry.
    announceVersion(`material:${material.id}`, material.version);
    void queryClient.invalidateQueries({ queryKey: businessKeys.recordHistory('material', material.id) });
  });
}
