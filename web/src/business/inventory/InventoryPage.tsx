import { ComingSoonPage } from '../../shell/ComingSoonPage';

/** Materials inventory (/business/inventory, spec 002 §2): being built; says so until it lands. */
export function InventoryPage() {
  return <ComingSoonPage />;
}
