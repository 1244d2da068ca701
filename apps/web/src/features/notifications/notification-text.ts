import type { Notification } from '@parla/shared/notifications.schema';
import type { Translate } from '@/lib/i18n/language-context';

/**
 * A notification's title and message in the interface language, written from what happened
 * (`kind`) and its data (`params`): the server stores no text, so a notification reads in the
 * language the learner uses now.
 */
export function notificationText(t: Translate, notification: Pick<Notification, 'type' | 'kind' | 'params'>) {
  const { kind, params } = notification;
  if (kind === 'achievement.earned' && typeof params.achievement_id === 'string') {
    const key: string = `achievement.${params.achievement_id}.name`;
    return { title: t('dashboard.notifications.achievement.title'), message: t(key) };
  }
  if (kind === 'streak.reminder') {
    const streak = params.streak;
    const message =
      typeof streak === 'number' && streak > 0
        ? t('dashboard.notifications.streak.messageDays', { count: streak })
        : t('dashboard.notifications.streak.message');
    return { title: t('dashboard.notifications.streak.title'), message };
  }
  if (kind === 'social.followed' && typeof params.name === 'string') {
    return {
      title: t('dashboard.notifications.followed.title'),
      message: t('dashboard.notifications.followed.message', { name: params.name }),
    };
  }
  if (kind === 'social.message' && typeof params.name === 'string') {
    return {
      title: t('dashboard.notifications.message.title'),
      message: t('dashboard.notifications.message.message', { name: params.name }),
    };
  }
  return { title: t('dashboard.notifications.generic.title'), message: '' };
}
