/**
 * In-app notifications (spec 000 §2, §4, §7): which facts notify whom, the sentence shown, the badge.
 * The spec gives only the disabled texts and the badge rule; the other sentences are ours (ADR 0017).
 */

export type NotificationType =
  | 'team-member.invite'
  | 'team-member.role-changed'
  | 'team-member.removed'
  | 'shared-model.create'
  | 'shared-model.role-changed'
  | 'product.approved'
  | 'product.rejected'
  | 'texture.rejected'
  | 'environment-map.rejected'
  | 'webhook.disabled';

export const NOTIFICATION_TEXTS = {
  modelDeleted: 'This model deleted by user',
  teamDeleted: 'This team deleted by user',
  empty: "You don't have any notifications yet",
} as const;

/** Spec 000 §9: notifications are paged by 10. */
export const NOTIFICATION_PAGE_SIZE = 10;

export interface NotificationDraft {
  recipientUserId: string;
  type: NotificationType;
  message: string;
  /** Where a click leads, and what the notification is about (so it can be disabled when that is deleted). */
  data: { link: string; teamId?: string; modelId?: string; productId?: string };
}

/** The badge on the bell: nothing at 0, the number up to 9, '9+' above (spec 000 §2, §9). */
export function badgeText(unreadCount: number): string | null {
  if (unreadCount <= 0) return null;
  return unreadCount > 9 ? '9+' : String(unreadCount);
}

/** What the panel shows: a disabled notification says its subject is gone (spec 000 §4). */
export function notificationText(notification: { type: NotificationType | string; message: string; disabled: boolean }): string {
  if (!notification.disabled) return notification.message;
  return notification.type === 'shared-model.create' ? NOTIFICATION_TEXTS.modelDeleted : NOTIFICATION_TEXTS.teamDeleted;
}

const quoted = (name: string) => `“${name}”`;

/**
 * A team fact as far as notifications care: both the aggregate's `TeamEvent` and the contract's parsed
 * envelope (dates as strings, members without e-mail) fit this shape.
 */
interface TeamRef {
  id: string;
  name: string;
  ownerId: string;
}
interface MemberRef {
  userId: string | null;
  role: string;
  status: string;
}
export type TeamFact =
  | { type: 'workspace.team.member-invited.v1'; aggregateId: string; data: { team: TeamRef; member: MemberRef; invitedBy: string } }
  | { type: 'workspace.team.member-joined.v1'; aggregateId: string; data: { team: TeamRef; member: MemberRef } }
  | { type: 'workspace.team.member-role-changed.v1'; aggregateId: string; data: { team: TeamRef; member: MemberRef } }
  | { type: 'workspace.team.member-removed.v1'; aggregateId: string; data: { team: TeamRef; member: MemberRef; removedBy: string } }
  | { type: string; aggregateId: string; data: unknown };

/** Who hears about a team fact. `nameOf` gives a user's full name (the actor), read from the user view. */
export function notificationsForTeamEvent(event: TeamFact, nameOf: (userId: string) => string): NotificationDraft[] {
  const link = `/${event.aggregateId}`;
  switch (event.type) {
    case 'workspace.team.member-invited.v1':
    case 'workspace.team.member-joined.v1': {
      const { member, team } = (event as Extract<TeamFact, { type: 'workspace.team.member-joined.v1' }>).data;
      const invited = event.type === 'workspace.team.member-invited.v1';
      // A pending invite notifies nobody yet: the person is told when their account exists (member-joined).
      if (!member.userId || (invited && member.status !== 'active')) return [];
      const by = invited ? nameOf((event as Extract<TeamFact, { type: 'workspace.team.member-invited.v1' }>).data.invitedBy) : nameOf(team.ownerId);
      return [
        {
          recipientUserId: member.userId,
          type: 'team-member.invite',
          message: `${by} added you to the team ${quoted(team.name)} as ${member.role}.`,
          data: { link, teamId: team.id },
        },
      ];
    }
    case 'workspace.team.member-role-changed.v1': {
      const { member, team } = (event as Extract<TeamFact, { type: 'workspace.team.member-role-changed.v1' }>).data;
      if (!member.userId) return [];
      return [
        {
          recipientUserId: member.userId,
          type: 'team-member.role-changed',
          message: `Your role in the team ${quoted(team.name)} is now ${member.role}.`,
          data: { link, teamId: team.id },
        },
      ];
    }
    case 'workspace.team.member-removed.v1': {
      const { member, team, removedBy } = (event as Extract<TeamFact, { type: 'workspace.team.member-removed.v1' }>).data;
      // Leaving is the person's own act: nothing to tell them.
      if (!member.userId || removedBy === member.userId) return [];
      return [
        {
          recipientUserId: member.userId,
          type: 'team-member.removed',
          message: `You were removed from the team ${quoted(team.name)}.`,
          data: { link: '/', teamId: team.id },
        },
      ];
    }
    default:
      return [];
  }
}

/**
 * What a deletion takes away (spec 000 §4): the team's or the model's notifications are then disabled,
 * and shown as 'This team deleted by user' / 'This model deleted by user'.
 */
export function subjectDeletedBy(event: { type: string; aggregateId: string }): { kind: 'team' | 'model'; id: string } | null {
  if (event.type === 'workspace.team.deleted.v1') return { kind: 'team', id: event.aggregateId };
  if (event.type === 'workspace.model.deleted.v1') return { kind: 'model', id: event.aggregateId };
  return null;
}

/** A model shared with someone, or their share role changed. */
export function notificationForShare(input: {
  recipientUserId: string;
  modelId: string;
  modelName: string;
  sharedByName: string;
  role: string;
  changed: boolean;
}): NotificationDraft {
  return input.changed
    ? {
        recipientUserId: input.recipientUserId,
        type: 'shared-model.role-changed',
        message: `Your role on the model ${quoted(input.modelName)} is now ${input.role}.`,
        data: { link: '/shared-models', modelId: input.modelId },
      }
    : {
        recipientUserId: input.recipientUserId,
        type: 'shared-model.create',
        message: `${input.sharedByName} shared the model ${quoted(input.modelName)} with you as ${input.role}.`,
        data: { link: '/shared-models', modelId: input.modelId },
      };
}

/** A moderator's decision on the author's product. */
export function notificationForModeration(input: { authorId: string; productId: string; title: string; approved: boolean }): NotificationDraft {
  return {
    recipientUserId: input.authorId,
    type: input.approved ? 'product.approved' : 'product.rejected',
    message: input.approved
      ? `Your product ${quoted(input.title)} was approved and is published.`
      : `Your product ${quoted(input.title)} was rejected by a moderator.`,
    data: { link: '/published', productId: input.productId },
  };
}

/** Where the web app lists webhook endpoints (ADR 0067): a disabled endpoint's notification leads there. */
export const WEBHOOKS_PAGE_LINK = '/settings/integrations/webhooks';

/** An endpoint was disabled after its whole retry schedule failed (ADR 0067): its owner is told. */
export function notificationForWebhookDisabled(input: { ownerId: string; url: string }): NotificationDraft {
  return {
    recipientUserId: input.ownerId,
    type: 'webhook.disabled',
    message: `Your webhook endpoint ${quoted(input.url)} was disabled after every retry failed. Re-enable it once it answers again.`,
    data: { link: WEBHOOKS_PAGE_LINK },
  };
}
