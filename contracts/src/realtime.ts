import { z } from 'zod';

export { REALTIME_CATCH_UP, REALTIME_CHANNELS, REALTIME_CLIENT_OPTIONS, REALTIME_PAGE_AGE, type RealtimeChannel } from './realtime.constants';

export const PushVerb = z.enum(['create', 'update', 'delete']);
export const pushMessage = <D extends z.ZodTypeAny>(data: D) => z.object({ verb: PushVerb, data });
export type PushMessage<D> = { verb: z.infer<typeof PushVerb>; data: D };

import { CatalogItem } from './commerce/catalog';
import { Material } from './commerce/material';
import { Service } from './commerce/service';
import { Order, Quote } from './commerce/order';
import { NotificationSnapshot } from './events/notification.events';
import { PluginAction, PluginLog, PluginVersion } from './plugins/plugin';
import { FavoriteSnapshot, ModelShareSnapshot } from './events/sharing.events';
import { TeamMemberFact } from './events/team.events';
import { Component } from './workspace/component';
import { Font } from './workspace/fonts';
import { AssetItem } from './workspace/asset-items';
import { TextureAssociationSnapshot, TextureSnapshot } from './workspace/texture';
import { EnvironmentMapSnapshot } from './workspace/environment-map';
import { Model } from './workspace/model';
import { Project, Team } from './workspace/team';

/**
 * What each channel of spec 000 §7 carries in `data` (ADR 0019). Models and teams come with the
 * recipient's own `userRole`; members, shares, favorites and notifications carry ids and state only
 * (no e-mail addresses or sentences): the web app merges what it can and refetches the rest.
 */
export const TeamPush = Team.omit({ projects: true });
export const TeamMemberPush = TeamMemberFact.extend({ teamId: z.string() });
export const ProjectPush = Project;
/** `user-notification` after mark-all-read: every notification of the recipient created up to `allReadUpTo` is read. */
export const NotificationsAllReadPush = z.object({ recipientId: z.string(), allReadUpTo: z.string() });
export const RealtimePushes = {
  'workspace-model': pushMessage(Model),
  /** Components (spec 001 §4): to the author (personal) or every member of the team, with their role (ADR 0051). */
  'workspace-component': pushMessage(Component),
  /** Fonts (spec 001 §4): like components, to the author (personal) or the team's role rooms (ADR 0055). */
  'workspace-font': pushMessage(Font),
  /** Images, vector graphics, 3D objects (spec 001 §4): like components, to the author or the team's role rooms (ADR 0052). */
  'workspace-image': pushMessage(AssetItem),
  'workspace-resource-svg': pushMessage(AssetItem),
  'workspace-object-3-d': pushMessage(AssetItem),
  /**
   * Textures, texture associations, scenes (spec 001 §4; ADR 0061): the state after the change, to the author (personal) or
   * the team's rooms; a community texture's update, rejection or deletion also to the libraries that added it. The web app
   * refetches an item for its author's name and files.
   */
  'workspace-texture': pushMessage(TextureSnapshot),
  'workspace-texture-association': pushMessage(TextureAssociationSnapshot),
  'workspace-environment-map': pushMessage(EnvironmentMapSnapshot),
  'workspace-team': pushMessage(TeamPush),
  'workspace-team-project': pushMessage(ProjectPush),
  'workspace-team-member': pushMessage(TeamMemberPush),
  'workspace-user-favorite': pushMessage(FavoriteSnapshot),
  'workspace-shared-model': pushMessage(ModelShareSnapshot),
  'user-notification': pushMessage(z.union([NotificationSnapshot, NotificationsAllReadPush])),
  /** Business records go to their owner, or to every member of their team (spec 002; ADR 0029). */
  'business-catalog': pushMessage(CatalogItem),
  'business-material': pushMessage(Material),
  'business-service': pushMessage(Service),
  'business-order': pushMessage(Order),
  'business-quote': pushMessage(Quote),
  /** The plugin pages (spec 001 §4), to the plugin's author only (ADR 0025); the same schemas as PluginRealtimePushes. */
  'bgpm-plugin-action': pushMessage(PluginAction),
  'bgpm-plugin-version': pushMessage(PluginVersion.omit({ bgpmPlugin: true })),
  'bgpm-plugin-log': pushMessage(PluginLog),
} as const;
