export { ModerationPage } from './ModerationPage';
export { PublishPage, RepublishPage } from './PublishPage';
