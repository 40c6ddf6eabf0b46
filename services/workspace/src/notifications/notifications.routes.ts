import { WebhookNotificationRpc, WorkspaceRpc } from '@kiln/contracts';
import { answerAfterProjection, rpcRoute } from '@kiln/service-kit';
import { AreaRoutes } from '@kiln/service-kit';
import { PgNotificationReadModel } from './adapters/pg-notification.read-model';
import { PgNotificationRepository } from './adapters/pg-notification.repository';
import { ReadAllNotificationsCommand } from './commands/read-all-notifications/read-all-notifications.command';
import { ReadAllNotificationsHandler } from './commands/read-all-notifications/read-all-notifications.handler';
import { ReadNotificationCommand } from './commands/read-notification/read-notification.command';
import { ReadNotificationHandler } from './commands/read-notification/read-notification.handler';
import { NotifyWebhookDisabledCommand } from './commands/notify-webhook-disabled/notify-webhook-disabled.command';
import { NotifyWebhookDisabledHandler } from './commands/notify-webhook-disabled/notify-webhook-disabled.handler';
import { ProjectNotificationsOnNotificationEvents } from './projections/project-notifications-on-notification-events';
import { CountNotificationsQuery } from './queries/count-notifications/count-notifications.query';
import { CountNotificationsHandler } from './queries/count-notifications/count-notifications.handler';
import { ListNotificationsQuery } from './queries/list-notifications/list-notifications.query';
import { ListNotificationsHandler } from './queries/list-notifications/list-notifications.handler';
import { DisableNotificationsOnModelDeleted } from './reactions/disable-notifications-on-model-deleted';
import { NotifyOnShareEvents } from './reactions/notify-on-share-events';
import { NotifyOnTeamEvents } from './reactions/notify-on-team-events';

/** In-app notifications made from events (spec 000 §4, §7, §8; ADR 0021). */
export const notificationsRoutes: AreaRoutes = {
  providers: [
    PgNotificationReadModel,
    PgNotificationRepository,
    ListNotificationsHandler,
    CountNotificationsHandler,
    ReadNotificationHandler,
    ReadAllNotificationsHandler,
    NotifyWebhookDisabledHandler,
  ],
  routes: [
    // Asked by the integrations service when it disabled a webhook endpoint after its retries (ADR 0067).
    rpcRoute({
      rpc: WebhookNotificationRpc.webhookDisabled,
      kind: 'query',
      handle: ({ actor, body }, context) =>
        context.commands.execute(new NotifyWebhookDisabledCommand(actor.userId, body.endpointId, body.url, new Date(body.disabledAt))),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.listNotifications,
      kind: 'query',
      handle: ({ actor, body }, context) => context.queries.execute(new ListNotificationsQuery(actor.userId, body)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.countNotifications,
      kind: 'query',
      handle: ({ actor }, context) => context.queries.execute(new CountNotificationsQuery(actor.userId)),
    }),
    rpcRoute({
      rpc: WorkspaceRpc.readNotification,
      kind: 'command',
      handle: async ({ actor, body }, context) => {
        const { notification, eventIds } = await context.commands.execute(new ReadNotificationCommand(actor.userId, body.id));
        return answerAfterProjection(context, [ProjectNotificationsOnNotificationEvents, eventIds], () => notification);
      },
    }),
    rpcRoute({
      rpc: WorkspaceRpc.readAllNotifications,
      kind: 'command',
      // Answers the new counts, once the view shows them.
      handle: async ({ actor }, context) => {
        const { eventIds } = await context.commands.execute(new ReadAllNotificationsCommand(actor.userId));
        return answerAfterProjection(context, [ProjectNotificationsOnNotificationEvents, eventIds], () =>
          context.queries.execute(new CountNotificationsQuery(actor.userId)),
        );
      },
    }),
  ],
  // The reactions write state (and its outbox events); the view follows those events.
  projections: [NotifyOnTeamEvents, NotifyOnShareEvents, DisableNotificationsOnModelDeleted, ProjectNotificationsOnNotificationEvents],
};
