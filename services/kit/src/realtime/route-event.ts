import { assetItemPlan, isAssetItemEvent } from './asset-item-pushes';
import { businessPlan, isBusinessEvent } from './business-pushes';
import { componentPlan, isComponentEvent } from './component-pushes';
import { fontPlan, isFontEvent } from './font-pushes';
import { isModelEvent, modelPlan } from './model-pushes';
import { isNotificationEvent, notificationPlan } from './notification-pushes';
import { PushableEvent } from './parse-event';
import { isPluginPushEvent, pluginPlan } from './plugin-pushes';
import { PushPlan } from './push-plan';
import { favoritePlan, isFavoriteEvent, isShareEvent, sharePlan } from './sharing-pushes';
import { isTeamEvent, teamPlan } from './team-pushes';
import { environmentMapPlan, isEnvironmentMapEvent, isTextureAssociationEvent, isTextureEvent, textureAssociationPlan, texturePlan } from './texture-pushes';

/** What an event does to the live connections, or null when it concerns no browser (sign-ups, …). */
export function routeEvent(event: PushableEvent): PushPlan | null {
  if (isBusinessEvent(event)) return businessPlan(event);
  if (isPluginPushEvent(event)) return pluginPlan(event);
  if (isModelEvent(event)) return modelPlan(event);
  if (isComponentEvent(event)) return componentPlan(event);
  if (isAssetItemEvent(event)) return assetItemPlan(event);
  if (isFontEvent(event)) return fontPlan(event);
  if (isTextureEvent(event)) return texturePlan(event);
  if (isTextureAssociationEvent(event)) return textureAssociationPlan(event);
  if (isEnvironmentMapEvent(event)) return environmentMapPlan(event);
  if (isTeamEvent(event)) return teamPlan(event);
  if (isShareEvent(event)) return sharePlan(event);
  if (isFavoriteEvent(event)) return favoritePlan(event);
  if (isNotificationEvent(event)) return notificationPlan(event);
  return null;
}
