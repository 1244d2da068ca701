import { isNativeLanguage } from '@parla/shared/content.schema';
import { type ServerTextKey, type ServerTextLanguage, serverText } from '@parla/shared/texts/server-texts';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from './html';

/**
 * The language the server writes to a learner in: their interface language when the server has
 * texts in it; with none chosen yet, their native (setup) language, which it always has; else
 * English.
 */
export function mailLanguage(interfaceLanguage: string | null, nativeLanguage: string): ServerTextLanguage {
  if (interfaceLanguage === null) return isNativeLanguage(nativeLanguage) ? nativeLanguage : 'en';
  return isNativeLanguage(interfaceLanguage) ? interfaceLanguage : 'en';
}

export interface ReminderEmailInput {
  to: string;
  name: string;
  streak: number;
  language: ServerTextLanguage;
  /** Where "Continue learning" leads (the signed-in app). */
  appUrl: string;
  /** The one-click unsubscribe URL (its token is a secret: it goes into the e-mail and nowhere else). */
  unsubscribeUrl: string;
}

/**
 * The streak-at-risk e-mail: text and HTML, and the List-Unsubscribe header with
 * List-Unsubscribe-Post (RFC 8058), so mail clients offer a one-click unsubscribe that POSTs to
 * the URL; the same link is in the body.
 */
export function reminderEmail(input: ReminderEmailInput): MailMessage {
  const t = (key: ServerTextKey, values: Record<string, string | number> = {}) => serverText(input.language, key, values);
  const subject = t('reminder.subject', { count: input.streak });
  const greeting = t('reminder.greeting', { name: input.name });
  const body = t('reminder.body', { count: input.streak });
  const text = [
    greeting,
    '',
    body,
    '',
    `${t('reminder.action')}: ${input.appUrl}`,
    '',
    '—',
    t('reminder.why'),
    `${t('reminder.unsubscribe')}: ${input.unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${input.language}">
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 20px;line-height:1.5">${escapeHtml(body)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(input.appUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:600">${escapeHtml(t('reminder.action'))}</a></p>
<p style="margin:0;font-size:13px;color:#4b5563;line-height:1.5">${escapeHtml(t('reminder.why'))}<br><a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#1d4ed8">${escapeHtml(t('reminder.unsubscribe'))}</a></p>
</div>
</body>
</html>
`;
  return {
    to: input.to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
