import type { DomainEventBus } from '../../lib/domain-events';
import type { NotificationsRepository } from './notifications.repository';

/**
 * Achievements → notifications, for now through the event bus: each `achievement.earned` (raised
 * inside the completion's transaction) stores an 'achievement.earned' notification in that same
 * transaction, keyed `achievement:<id>`, so it is atomic with the achievement and announced once.
 * The one place to swap for `notifyCte()` + `achievementNotificationsSelect()` (notify.sql.ts)
 * once the completion statement stores achievements itself. Returns the unsubscribe function.
 */
export function subscribeAchievementNotifications(events: DomainEventBus, repo: Pick<NotificationsRepository, 'notify'>) {
  return events.onTransaction('achievement.earned', async ({ userId, achievementId, earnedAt }, tx) => {
    await repo.notify(
      [
        {
          userId,
          type: 'achievement',
          kind: 'achievement.earned',
          params: { achievement_id: achievementId },
          dedupeKey: `achievement:${achievementId}`,
          createdAt: earnedAt,
        },
      ],
      tx,
    );
  });
}
