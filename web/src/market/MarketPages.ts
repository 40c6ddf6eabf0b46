export { ModerationPage } from './ModerationPage';
export { PublishingPage } from './PublishPage';
