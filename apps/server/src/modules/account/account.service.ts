import { Readable } from 'node:stream';
import { ACCOUNT_DELETION_FRESH_SIGN_IN_SECONDS, type DeleteAccountBody } from '@parla/shared/account.schema';
import type { TargetLanguage } from '@parla/shared/content.schema';
import { AppError } from '@parla/shared/errors';
import type { Clock } from '../../lib/clock';
import { type RateLimiter, spendOrThrow } from '../../lib/rate-limit';
import type { AccessClaims } from '../../lib/tokens';
import { verifyPassword } from '../auth/passwords';
import type { ContentProvider } from '../catalogue/content-bank';
import type { LearnersService } from '../learners/learners.service';
import type { AccountRepository, LessonSessionRow } from './account.repository';
import { type VocabularyRow, vocabularyTsv } from './vocabulary-tsv';

export const ACCOUNT_LIMITS = {
  /** Downloads (export and vocabulary together) per learner: each reads every row they own. */
  exportsPerLearner: { limit: 20, windowSeconds: 60 * 60 },
  /** Deletion attempts per learner, reserved before the password is checked; a success gives it back. */
  deletionAttemptsPerLearner: { limit: 10, windowSeconds: 15 * 60 },
} as const;

const goneAccount = () => new AppError('token_invalid', 'This account no longer exists.');

/** Row keys in snake_case and dates as ISO text, the API's spelling. */
function present(row: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
}

/** Only where a push endpoint lives: the whole URL is a capability for that device (ADR 026). */
function endpointOrigin(endpoint: string): string | null {
  try {
    return new URL(endpoint).origin;
  } catch {
    return null;
  }
}

function presentSession({ userId: _userId, ...session }: LessonSessionRow) {
  return present(session);
}

interface Dependencies {
  repo: AccountRepository;
  content: ContentProvider;
  learners: LearnersService;
  limiter: RateLimiter;
  clock: Clock;
  /** Told of every session family the deletion ended, so its access tokens stop at once on this replica. */
  onSessionsEnded: (familyIds: readonly string[]) => void;
}

export function createAccountService({ repo, content, learners, limiter, clock, onSessionsEnded }: Dependencies) {
  /**
   * One deletion attempt per learner at a time on this replica, in arrival order: of a double
   * click (or fifty requests) the first deletes and the rest then find no account, instead of all
   * checking the password at once and spending the guess limit. Across replicas the row lock in
   * repo.deleteAccount still lets only one delete.
   */
  const deletions = new Map<string, Promise<unknown>>();
  function oneAtATime<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const previous = deletions.get(userId) ?? Promise.resolve();
    const mine = previous.catch(() => undefined).then(work);
    deletions.set(userId, mine);
    const forget = () => {
      if (deletions.get(userId) === mine) deletions.delete(userId);
    };
    mine.then(forget, forget);
    return mine;
  }

  async function deleteAccount(auth: AccessClaims, body: DeleteAccountBody): Promise<void> {
    const account = await repo.findAccount(auth.userId);
    if (!account) throw goneAccount();
    if (account.passwordHash) {
      if (body.password === undefined) {
        throw new AppError('validation_error', 'Enter your password to delete your account.', [
          { path: 'body.password', message: 'Enter your password.' },
        ]);
      }
      const key = `account-delete:${account.id}`;
      await spendOrThrow(limiter, key, ACCOUNT_LIMITS.deletionAttemptsPerLearner);
      if (!(await verifyPassword(account.passwordHash, body.password))) {
        throw new AppError('current_password_incorrect', 'This is not your password.', [
          { path: 'body.password', message: 'Not your password.' },
        ]);
      }
      await limiter.refund(key);
    } else {
      const signedInAt = await repo.signedInAt(auth.familyId);
      const ageSeconds = signedInAt ? (clock.now().getTime() - signedInAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
      if (ageSeconds > ACCOUNT_DELETION_FRESH_SIGN_IN_SECONDS) {
        throw new AppError(
          'reauthentication_required',
          'Sign in again (within 10 minutes) to delete your account: this session began too long ago.',
        );
      }
    }
    const ended = await repo.deleteAccount(account.id, clock.now());
    if (!ended) throw new AppError('not_found', 'This account has already been deleted.');
    onSessionsEnded(ended);
  }

  return {
    /**
     * Everything stored about the learner as one JSON document, written out as it is read: the
     * small records first, then the lesson sessions a page at a time, so memory stays bounded
     * however many lessons were taken. Secrets never appear: no password hash, no token or its
     * hash, no push keys, and of a push endpoint only its origin.
     */
    async exportData(userId: string): Promise<Readable> {
      await spendOrThrow(limiter, `export:${userId}`, ACCOUNT_LIMITS.exportsPerLearner);
      const records = await repo.exportRecords(userId);
      if (!records) throw goneAccount();
      const { account, profile, identities, newsletter } = records;
      const head = {
        format: 'parla-export',
        version: 1,
        exported_at: clock.now().toISOString(),
        account: {
          ...present(account),
          sign_in_providers: identities.map(present),
          newsletter_subscribed_at: newsletter?.createdAt.toISOString() ?? null,
        },
        profile: profile ? present({ ...profile, userId: undefined }) : null,
        review_deck: records.progress.map(({ userId: _u, ...row }) => present(row)),
        achievements: records.earned.map(({ userId: _u, ...row }) => present(row)),
        xp_events: records.xp.map(({ userId: _u, ...row }) => present(row)),
        daily_activity: records.days.map(({ userId: _u, ...row }) => present(row)),
        weekly_xp: records.weeks.map(({ userId: _u, ...row }) => present(row)),
        notifications: records.inbox.map(({ userId: _u, dedupeKey: _d, ...row }) => present(row)),
        push_subscriptions: records.devices.map(({ endpoint, ...row }) =>
          present({ ...row, endpointOrigin: endpointOrigin(endpoint) }),
        ),
        reminder_deliveries: records.reminders.map(({ userId: _u, ...row }) => present(row)),
        following: records.following.map(present),
        followers: records.followers.map(present),
        blocked: records.blocked.map(present),
        messages_sent: records.messagesSent.map(present),
        // No tier row: tier 1, the league's first (ADR 030).
        league_tier: records.leagueTier ?? 1,
        league_memberships: records.leagueMemberships.map(present),
      };
      const opening = JSON.stringify(head, null, 2);
      async function* document() {
        // The head without its closing brace, then the sessions as the last member.
        yield `${opening.slice(0, -2)},\n  "lesson_sessions": [`;
        let after: { startedAt: Date; id: string } | undefined;
        let first = true;
        for (;;) {
          const page = await repo.sessionsAfter(userId, after);
          for (const session of page) {
            yield `${first ? '\n' : ',\n'}    ${JSON.stringify(presentSession(session))}`;
            first = false;
          }
          const last = page.at(-1);
          if (!last || page.length === 0) break;
          after = { startedAt: last.startedAt, id: last.id };
        }
        yield `${first ? '' : '\n  '}]\n}\n`;
      }
      return Readable.from(document(), { objectMode: false });
    },

    /** The words of the learner's review deck, every course, as an Anki-ready tab-separated file. */
    async vocabulary(userId: string): Promise<string> {
      await spendOrThrow(limiter, `export:${userId}`, ACCOUNT_LIMITS.exportsPerLearner);
      const { nativeLanguage: native } = await learners.requireLearner(userId);
      const rows = await repo.deckRows(userId);
      const bank = content.get();
      const seen = new Set<string>();
      const words: VocabularyRow[] = [];
      for (const row of rows) {
        const course = row.course as TargetLanguage;
        for (const wordId of Object.keys(row.cards).sort()) {
          const word = bank.wordsById.get(wordId);
          if (!word || seen.has(`${course}:${wordId}`)) continue;
          seen.add(`${course}:${wordId}`);
          const form = word.forms[course];
          words.push({
            front: form.text,
            back: word.forms[native].text,
            romanisation: form.roman ?? '',
            tags: `parla parla::${course} parla::${course}::${row.lessonId}`,
          });
        }
      }
      return vocabularyTsv(words);
    },

    /**
     * Deletes the account: the password confirms it (or, for an account that signs in only
     * through a provider, a sign-in made in the last 10 minutes). Every session ends at once and
     * every row the learner owns goes with the account. Of several deletions at once, one deletes;
     * the others answer 404 (or 401 once this replica knows the sessions ended).
     */
    deleteAccount(auth: AccessClaims, body: DeleteAccountBody): Promise<void> {
      return oneAtATime(auth.userId, () => deleteAccount(auth, body));
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
