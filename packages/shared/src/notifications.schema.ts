import { z } from 'zod';
import { achievementById } from './achievements';

// In-app notifications (spec §2 "Notifications", §3 "Notification"). The server stores what
// happened (`kind`) and its data (`params`); the web app writes the title and message in the
// interface language from them, so a notification reads in whatever language the learner uses now.

/** The spec's types; the filters All, Unread, Achievements and Social select on them. */
export const NOTIFICATION_TYPES = ['streak', 'social', 'achievement', 'lesson', 'system'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_FILTERS = ['all', 'unread', 'achievement', 'social'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 50;

/** What a notification's params may hold: flat values the web app puts into its texts. */
export const NotificationParamsValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const NotificationSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(NOTIFICATION_TYPES),
    kind: z.string().describe('What happened, e.g. "achievement.earned", "streak.reminder"'),
    params: z.record(z.string(), NotificationParamsValueSchema).describe('Its data, e.g. {"achievement_id": "first-lesson"}'),
    icon: z.string(),
    read: z.boolean(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof NotificationSchema>;

export const ListNotificationsQuerySchema = z.object({
  filter: z.enum(NOTIFICATION_FILTERS).default('all'),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
  cursor: z.string().min(1).max(200).optional().describe('The `next_cursor` of the page before; opaque'),
});
export type ListNotificationsQuery = z.infer<typeof ListNotificationsQuerySchema>;

export const NotificationsPageSchema = z
  .object({
    items: z.array(NotificationSchema),
    /** Pass as `cursor` for the next (older) page; null on the last. */
    next_cursor: z.string().nullable(),
    unread_count: z.number().int().nonnegative(),
  })
  .meta({ id: 'NotificationsPage' });
export type NotificationsPage = z.infer<typeof NotificationsPageSchema>;

export const NotificationParamsSchema = z.object({
  id: z.union([z.literal('me'), z.uuid({ error: 'Must be a user id or "me".' })]),
  notificationId: z.uuid({ error: 'Must be a notification id.' }),
});

export const MarkAllNotificationsReadResponseSchema = z
  .object({
    unread_count: z.number().int().nonnegative(),
    /** How many this request marked (a concurrent request may have marked the others). */
    marked: z.number().int().nonnegative(),
  })
  .meta({ id: 'MarkAllNotificationsRead' });
export type MarkAllNotificationsReadResponse = z.infer<typeof MarkAllNotificationsReadResponseSchema>;

const TYPE_ICONS: Record<NotificationType, string> = {
  streak: '🔥',
  social: '👥',
  achievement: '🏅',
  lesson: '📘',
  system: '🔔',
};

/** The icon of a notification: an achievement's own from the catalogue, else its type's. */
export function notificationIcon(type: NotificationType, params: Readonly<Record<string, unknown>>): string {
  if (type === 'achievement' && typeof params.achievement_id === 'string') {
    const achievement = achievementById.get(params.achievement_id);
    if (achievement) return achievement.icon;
  }
  return TYPE_ICONS[type];
}
