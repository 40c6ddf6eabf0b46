// The chunk of the model screens besides My Models, loaded through model-routes.tsx.
export { FavoritesPage } from './FavoritesPage';
export { OpenModelPage, WorkspacePage } from './OpenModelPage';
export { PublishedPage } from './PublishedPage';
export { RecentlyDeletedPage } from './RecentlyDeletedPage';
export { SharedModelsPage } from './SharedModelsPage';
// /embed/{id} (ADR 0054), routed by App outside the shell; the viewer itself is a chunk of its own.
export { EmbedPage } from '../viewer/EmbedPage';
