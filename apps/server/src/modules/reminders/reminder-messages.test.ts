import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { mailLanguage, reminderEmail } from './reminder-email';
import { reminderPush } from './reminder-push';
import { createReminderScheduler, type TickResult } from './reminders.service';
import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

const SECRET = 'a-test-secret-that-is-long-enough-for-hmac';
const ID = '3f1c2b7a-4d5e-4f60-8a71-92b3c4d5e6f7';

describe('the language of a reminder', () => {
  it('is the interface language where the server has texts, the native language while none is chosen, else English', () => {
    expect(mailLanguage('de', 'es')).toBe('de');
    expect(mailLanguage(null, 'ja')).toBe('ja');
    expect(mailLanguage('ar', 'es')).toBe('en');
    expect(mailLanguage('uk', 'ru')).toBe('en');
  });
});

describe('the reminder e-mail', () => {
  const base = {
    to: 'ana@example.com',
    streak: 1,
    language: 'ru' as const,
    appUrl: 'https://parla.example/app',
    unsubscribeUrl: 'https://parla.example/api/v1/unsubscribe?token=a.b&x=1',
  };

  it('counts the streak with the language’s plural forms', () => {
    const subject = (streak: number) => reminderEmail({ ...base, name: 'Аня', streak }).subject;
    expect([1, 3, 5, 21].map(subject)).toEqual([
      'Сохраните сегодня серию в 1 день',
      'Сохраните сегодня серию в 3 дня',
      'Сохраните сегодня серию в 5 дней',
      'Сохраните сегодня серию в 21 день',
    ]);
  });

  it('escapes the learner’s name and the links in the HTML, and carries the one-click unsubscribe headers', () => {
    const mail = reminderEmail({ ...base, name: '<img src=x onerror=alert(1)> "Ana"' });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;Ana&quot;');
    expect(mail.html).toContain('href="https://parla.example/api/v1/unsubscribe?token=a.b&amp;x=1"');
    expect(mail.text).toContain('https://parla.example/api/v1/unsubscribe?token=a.b&x=1');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://parla.example/api/v1/unsubscribe?token=a.b&x=1>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});

describe('the reminder push', () => {
  it('says what the e-mail says, opens the app and replaces an older reminder', () => {
    expect(reminderPush('en', 2)).toEqual({
      title: 'Keep your 2-day streak going today',
      body: 'You have practised 2 days in a row, and not yet today: one short lesson keeps your streak going.',
      url: '/app',
      tag: 'streak-reminder',
    });
  });
});

describe('unsubscribe tokens', () => {
  it('verify for the learner they were made for, and not when altered or signed with another secret', () => {
    const token = unsubscribeToken(SECRET, ID);
    expect(verifyUnsubscribeToken(SECRET, token)).toBe(ID);
    expect(verifyUnsubscribeToken(`${SECRET}-other`, token)).toBeUndefined();
    expect(verifyUnsubscribeToken(SECRET, token.replace(ID, '00000000-0000-4000-8000-000000000000'))).toBeUndefined();
    expect(verifyUnsubscribeToken(SECRET, `${token}x`)).toBeUndefined();
    expect(verifyUnsubscribeToken(SECRET, ID)).toBeUndefined();
    expect(verifyUnsubscribeToken(SECRET, '')).toBeUndefined();
  });
});

describe('the scheduler', () => {
  const idle: TickResult = { skipped: false, reserved: 0, notified: 0, emailed: 0, pushed: 0 };

  it('ticks every interval, never two at once in one process, and stop() waits for the running tick', async () => {
    let running = 0;
    let most = 0;
    let ticks = 0;
    let finished = 0;
    const service = {
      async tick() {
        ticks += 1;
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 35));
        running -= 1;
        finished += 1;
        return idle;
      },
    };
    const scheduler = createReminderScheduler({ service, intervalMs: 10, logger: pino({ level: 'silent' }) });
    scheduler.start();
    // Waited for, not timed: a busy machine may run the 10 ms timer far later.
    await vi.waitFor(() => expect(finished).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 5 });
    await scheduler.stop();
    expect(ticks).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    expect(finished).toBe(ticks);
    const after = ticks;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(ticks).toBe(after);
  });

  it('logs a failed tick and keeps ticking', async () => {
    const errors: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void errors.push(line) });
    let ticks = 0;
    const scheduler = createReminderScheduler({
      service: {
        async tick() {
          ticks += 1;
          throw new Error('database unavailable');
        },
      },
      intervalMs: 10,
      logger,
    });
    scheduler.start();
    await vi.waitFor(() => expect(ticks).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 5 });
    await scheduler.stop();
    expect(errors.join('')).toContain('streak reminder tick failed');
  });
});
