// The chunk of the model screens besides My Models, loaded through model-routes.tsx.
export { FavoritesPage } from './FavoritesPage';
export { OpenModelPage, WorkspacePage } from './OpenModelPage';
export { PublishedPage } from './PublishedPage';
export { RecentlyDeletedPage } from './RecentlyDeletedPage';
export { SharedModelsPage } from './SharedModelsPage';
