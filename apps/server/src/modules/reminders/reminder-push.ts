import { type ServerTextLanguage, serverText } from '@parla/shared/texts/server-texts';

/**
 * The streak-at-risk push: the e-mail's subject and first paragraph, opening the app. One tag for
 * every reminder, so a newer one replaces an unread older one on the device.
 */
export function reminderPush(
  language: ServerTextLanguage,
  streak: number,
): { title: string; body: string; url: string; tag: string } {
  return {
    title: serverText(language, 'reminder.subject', { count: streak }),
    body: serverText(language, 'reminder.body', { count: streak }),
    url: '/app',
    tag: 'streak-reminder',
  };
}
