// The chunk of the geometry and components dialogs, loaded through lazy-dialogs.tsx (ADR 0054).
export { ModelComponentsDialog } from './ModelComponentsDialog';
export { ModelGeometryDialog } from './ModelGeometryDialog';
export { UseAsGeometryDialog } from './UseAsGeometryDialog';
