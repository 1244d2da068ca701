import { AppError } from '@parla/shared/errors';
import { type ServerTextKey, serverText } from '@parla/shared/texts/server-texts';
import type { Clock } from '../../lib/clock';
import { escapeHtml } from './html';
import { mailLanguage } from './reminder-email';
import type { RemindersRepository } from './reminders.repository';
import { verifyUnsubscribeToken } from './unsubscribe-token';

const invalid = () =>
  new AppError('unsubscribe_token_invalid', 'This unsubscribe link is not valid. Turn e-mail reminders off in Settings instead.');

/** A small self-contained page (no script: the site's CSP allows none inline) in the learner's language. */
function page(language: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapeHtml(title)} · Parla</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f6f7f9;color:#1f2937;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
main{max-width:28rem;margin:1.5rem;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgb(0 0 0/.12)}
h1{font-size:1.375rem;margin:0 0 .75rem}
p{margin:0 0 1.25rem}
button,a.button{display:inline-block;font:inherit;font-weight:600;color:#fff;background:#1d4ed8;border:0;border-radius:.5rem;padding:.625rem 1.125rem;cursor:pointer;text-decoration:none}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
@media (prefers-color-scheme:dark){body{background:#111827;color:#f3f4f6}main{background:#1f2937}button,a.button{background:#3b82f6;color:#0b1220}}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The unsubscribe link's two steps: a page that asks (GET), and turning reminder e-mails off (POST). */
export function createUnsubscribeService({
  repo,
  clock,
  secret,
}: {
  repo: Pick<RemindersRepository, 'findLanguages' | 'turnOffEmail'>;
  clock: Clock;
  secret: string;
}) {
  const learnerOf = (token: string) => {
    const userId = verifyUnsubscribeToken(secret, token);
    if (!userId) throw invalid();
    return userId;
  };

  return {
    /** Changes nothing: a link scanner following the link must not unsubscribe anyone. */
    async confirmationPage(token: string): Promise<string> {
      const languages = await repo.findLanguages(learnerOf(token));
      if (!languages) throw invalid();
      const language = mailLanguage(languages.interfaceLanguage, languages.nativeLanguage);
      const t = (key: ServerTextKey) => escapeHtml(serverText(language, key));
      const action = `/api/v1/unsubscribe?token=${encodeURIComponent(token)}`;
      return page(
        language,
        serverText(language, 'unsubscribe.title'),
        `<h1>${t('unsubscribe.title')}</h1>
<p>${t('unsubscribe.explain')}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${t('unsubscribe.button')}</button>
</form>`,
      );
    },

    /** Turns the learner's e-mail reminders off (idempotent); the page that says so. */
    async unsubscribe(token: string): Promise<string> {
      const languages = await repo.turnOffEmail(learnerOf(token), clock.now());
      if (!languages) throw invalid();
      const language = mailLanguage(languages.interfaceLanguage, languages.nativeLanguage);
      const t = (key: ServerTextKey) => escapeHtml(serverText(language, key));
      return page(
        language,
        serverText(language, 'reminder.unsubscribe'),
        `<h1>Parla</h1>
<p role="status">${t('unsubscribe.done')}</p>
<p><a class="button" href="/app">${t('reminder.action')}</a></p>`,
      );
    },
  };
}

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
