import type {
  AuthResponse,
  ChangePasswordBody,
  ConfirmPasswordResetBody,
  LoginBody,
  RegisterBody,
} from '@parla/shared/auth.schema';
import { TARGET_LANGUAGES } from '@parla/shared/content.schema';
import { AppError } from '@parla/shared/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { deriveToken, randomToken, sha256 } from '../../lib/crypto';
import { RateLimitedError, type RateLimiter, spendOrThrow } from '../../lib/rate-limit';
import type { AccessClaims, TokenSigner } from '../../lib/tokens';
import type { ProfileRow, UserRow } from '../learners/learners.repository';
import type { LearnersService } from '../learners/learners.service';
import { type Mailer, maskEmail } from '../mail/mailer';
import { presentAuthUser } from '../users/users.presenter';
import type { AuthRepository, RefreshTokenRow } from './auth.repository';
import { hashPassword, isCommonPassword, spendPasswordCheckTime, verifyPassword } from './passwords';

/** A retry of the same refresh within this window gets the same new pair instead of a logout. */
export const REFRESH_GRACE_SECONDS = 10;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

export const LIMITS = {
  /** Failed sign-ins at one account from one address: the guessing throttle. */
  failedSignInsPerAccountAndIp: { limit: 5, windowSeconds: 15 * 60 },
  /**
   * Failed sign-ins at one account from every address together: a ceiling high enough that one
   * address cannot lock a learner out (NIST SP 800-63B §5.2.2: at most 100 consecutive failures).
   */
  failedSignInsPerAccount: { limit: 100, windowSeconds: 60 * 60 },
  failedSignInsPerIp: { limit: 30, windowSeconds: 15 * 60 },
  /**
   * Sign-ups from one address: a classroom or an office behind one NAT address signs up together,
   * so this is generous; each e-mail still makes one account only, and sign-in guessing stays
   * throttled per account.
   */
  signUpsPerIp: { limit: 30, windowSeconds: 60 * 60 },
  resetRequestsPerIp: { limit: 10, windowSeconds: 60 * 60 },
  resetEmailsPerAddress: { limit: 1, windowSeconds: 60 },
  /** Each confirmation costs an argon2 hash; a real learner needs one or two. */
  resetConfirmsPerIp: { limit: 20, windowSeconds: 60 * 60 },
} as const;

export interface Session {
  response: AuthResponse;
  refreshToken: string;
}

interface Dependencies {
  repo: AuthRepository;
  learners: LearnersService;
  signer: TokenSigner;
  limiter: RateLimiter;
  mailer: Mailer;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Told of every session family ended here, so its access tokens stop at once on this replica. */
  onSessionsEnded: (familyIds: readonly string[]) => void;
  secret: string;
  publicUrl: string;
  refreshIdleSeconds: number;
  refreshAbsoluteSeconds: number;
}

const invalidResetToken = () =>
  new AppError('reset_token_invalid', 'This reset link is invalid or has expired. Ask for a new one.');
const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
const earliest = (a: Date, b: Date) => (a < b ? a : b);

export function createAuthService(deps: Dependencies) {
  const { repo, learners, signer, limiter, mailer, clock, logger } = deps;
  const pendingMail = new Set<Promise<void>>();

  /**
   * Reserves one sign-in attempt under every limit that guards it, before the password is
   * checked; a success gives the attempt back and ends the run of failures.
   */
  async function reserveSignIn(email: string, ip: string) {
    const accountAndIpKey = `signin:account-ip:${email}:${ip}`;
    const accountKey = `signin:account:${email}`;
    const ipKey = `signin:ip:${ip}`;
    await spendOrThrow(limiter, accountAndIpKey, LIMITS.failedSignInsPerAccountAndIp);
    await spendOrThrow(limiter, accountKey, LIMITS.failedSignInsPerAccount);
    await spendOrThrow(limiter, ipKey, LIMITS.failedSignInsPerIp);
    return {
      async succeeded() {
        await Promise.all([limiter.reset(accountAndIpKey), limiter.reset(accountKey), limiter.refund(ipKey)]);
      },
    };
  }

  function rejectCommonPassword(password: string, field: string): void {
    if (isCommonPassword(password)) {
      throw new AppError('password_too_common', 'This password is too common. Choose one that is harder to guess.', [
        { path: field, message: 'This password is too common.' },
      ]);
    }
  }

  /** The refresh token that replaces `parent`: derived, so a retry can recompute it. */
  const childTokenOf = (parentToken: string) => deriveToken(deps.secret, 'refresh-rotation', parentToken);

  async function buildResponse(
    user: UserRow,
    profile: ProfileRow,
    row: RefreshTokenRow,
    refreshToken: string,
    issuedAt: Date,
  ): Promise<Session> {
    const access = await signer.sign({ userId: user.id, familyId: row.familyId, tokenId: row.id, issuedAt });
    return {
      refreshToken,
      response: {
        access_token: access.token,
        token_type: 'bearer',
        expires_in: Math.max(0, Math.round((access.expiresAt.getTime() - clock.now().getTime()) / 1000)),
        refresh_token: refreshToken,
        user: presentAuthUser(user, profile),
      },
    };
  }

  async function startSession(tx: Database, user: UserRow, profile: ProfileRow): Promise<Session> {
    const now = clock.now();
    const refreshToken = randomToken();
    const familyExpiresAt = addSeconds(now, deps.refreshAbsoluteSeconds);
    const row = await repo.insertRefreshToken(tx, {
      userId: user.id,
      familyId: crypto.randomUUID(),
      tokenHash: sha256(refreshToken),
      createdAt: now,
      idleExpiresAt: earliest(addSeconds(now, deps.refreshIdleSeconds), familyExpiresAt),
      familyExpiresAt,
    });
    return buildResponse(user, profile, row, refreshToken, now);
  }

  return {
    async register(body: RegisterBody, ip: string): Promise<Session> {
      await spendOrThrow(limiter, `signup:ip:${ip}`, LIMITS.signUpsPerIp);
      rejectCommonPassword(body.password, 'body.password');
      const passwordHash = await hashPassword(body.password);
      return repo.transaction(async (tx) => {
        const created = await repo.createUser(
          tx,
          { email: body.username, fullName: body.full_name, passwordHash },
          {
            ...(body.native_language && { nativeLanguage: body.native_language }),
            // The default course is Spanish; a Spanish speaker starts on the next one instead.
            ...(body.native_language === 'es' && { targetLanguage: TARGET_LANGUAGES.find((code) => code !== 'es') }),
            ...(body.proficiency_level && { proficiency: body.proficiency_level }),
            ...(body.learning_style && { learningStyles: [body.learning_style] }),
            ...(body.learning_goal && { goals: [body.learning_goal] }),
            ...(body.wants_grammar_explanations !== undefined && { wantsGrammarExplanations: body.wants_grammar_explanations }),
          },
        );
        if (!created) {
          throw new AppError('email_taken', 'An account with this e-mail already exists. Sign in instead.', [
            { path: 'body.username', message: 'This e-mail is already registered.' },
          ]);
        }
        return startSession(tx, created.user, created.profile);
      });
    },

    async login(body: LoginBody, ip: string): Promise<Session> {
      const attempt = await reserveSignIn(body.username, ip);
      const user = await repo.findUserByEmail(body.username);
      let valid = false;
      if (user?.passwordHash) valid = await verifyPassword(user.passwordHash, body.password);
      else await spendPasswordCheckTime(body.password);
      if (!user || !valid) throw new AppError('invalid_credentials', 'Invalid email or password.');
      await attempt.succeeded();
      const { profile } = await learners.requireLearner(user.id);
      return repo.transaction((tx) => startSession(tx, user, profile));
    },

    async refresh(refreshToken: string): Promise<Session> {
      const now = clock.now();
      const outcome = await repo.transaction(async (tx) => {
        const row = await repo.findRefreshTokenForUpdate(tx, sha256(refreshToken));
        if (!row || row.revokedAt)
          return { error: new AppError('token_invalid', 'This session has ended. Please sign in again.') };
        if (row.familyExpiresAt <= now || row.idleExpiresAt <= now) {
          return { error: new AppError('token_expired', 'This session has expired. Please sign in again.') };
        }
        const childToken = childTokenOf(refreshToken);
        if (row.rotatedAt) {
          const child = await repo.findChildToken(tx, row.id);
          if (now.getTime() - row.rotatedAt.getTime() <= REFRESH_GRACE_SECONDS * 1000 && child && !child.revokedAt) {
            return { row: child, token: childToken, issuedAt: row.rotatedAt };
          }
          // A rotated token came back after its grace window: assume it was stolen.
          const ended = await repo.revokeFamily(tx, row.familyId, now);
          logger.warn({ family_id: row.familyId, user_id: row.userId }, 'refresh token reused; session family revoked');
          return {
            ended,
            error: new AppError('refresh_token_reused', 'This session was ended for your safety. Please sign in again.'),
          };
        }
        const child = await repo.insertRefreshToken(tx, {
          userId: row.userId,
          familyId: row.familyId,
          parentId: row.id,
          tokenHash: sha256(childToken),
          createdAt: now,
          idleExpiresAt: earliest(addSeconds(now, deps.refreshIdleSeconds), row.familyExpiresAt),
          familyExpiresAt: row.familyExpiresAt,
        });
        await repo.markRotated(tx, row.id, now);
        return { row: child, token: childToken, issuedAt: now };
      });
      // The revocation above must commit, so the error is thrown only after the transaction.
      if ('error' in outcome) {
        if ('ended' in outcome && outcome.ended) deps.onSessionsEnded(outcome.ended);
        throw outcome.error;
      }
      const { user, profile } = await learners.requireLearner(outcome.row.userId);
      return buildResponse(user, profile, outcome.row, outcome.token, outcome.issuedAt);
    },

    async logout(familyId: string): Promise<void> {
      deps.onSessionsEnded(await repo.transaction((tx) => repo.revokeFamily(tx, familyId, clock.now())));
    },

    async logoutAll(userId: string): Promise<void> {
      deps.onSessionsEnded(await repo.transaction((tx) => repo.revokeUserFamilies(tx, userId, clock.now())));
    },

    async changePassword(auth: AccessClaims, body: ChangePasswordBody, ip: string): Promise<void> {
      const { user } = await learners.requireLearner(auth.userId);
      const attempt = await reserveSignIn(user.email, ip);
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, body.current_password))) {
        throw new AppError('current_password_incorrect', 'Your current password is not correct.', [
          { path: 'body.current_password', message: 'Not your current password.' },
        ]);
      }
      await attempt.succeeded();
      rejectCommonPassword(body.new_password, 'body.new_password');
      const passwordHash = await hashPassword(body.new_password);
      const ended = await repo.transaction(async (tx) => {
        const now = clock.now();
        await repo.updatePasswordHash(tx, user.id, passwordHash, now);
        return repo.revokeUserFamilies(tx, user.id, now, auth.familyId);
      });
      deps.onSessionsEnded(ended);
    },

    /**
     * Answers the same whether or not the account exists, and says when another e-mail can be
     * asked for: the per-address window is spent for every address, so a request inside it is
     * refused (429, nothing sent) for a real and an unknown address alike.
     */
    async requestPasswordReset(email: string, ip: string): Promise<{ resendAfterSeconds: number }> {
      await spendOrThrow(limiter, `reset:ip:${ip}`, LIMITS.resetRequestsPerIp);
      const wait = await limiter.consume(`reset:address:${email}`, LIMITS.resetEmailsPerAddress);
      if (wait > 0) {
        throw new RateLimitedError(
          wait,
          'An e-mail was already sent to this address a moment ago; nothing was sent now. Ask again after the time in Retry-After.',
        );
      }
      const sent = { resendAfterSeconds: LIMITS.resetEmailsPerAddress.windowSeconds };
      const user = await repo.findUserByEmail(email);
      if (!user) return sent;

      const token = randomToken();
      const now = clock.now();
      await repo.insertPasswordResetToken({
        userId: user.id,
        tokenHash: sha256(token),
        createdAt: now,
        expiresAt: addSeconds(now, RESET_TOKEN_TTL_SECONDS),
      });
      const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      // Sent in the background: waiting for SMTP would make real addresses answer slower.
      const sending = mailer
        .send({
          to: user.email,
          subject: 'Reset your Parla password',
          text: `Hello ${user.fullName},\n\nSomeone (hopefully you) asked to reset the password of your Parla account.\nOpen this link within one hour to choose a new password:\n\n${link}\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is.\n\n— Parla`,
        })
        .catch((error: unknown) => logger.error({ err: error, to: maskEmail(user.email) }, 'password reset e-mail failed'))
        .finally(() => pendingMail.delete(sending));
      pendingMail.add(sending);
      return sent;
    },

    async confirmPasswordReset(body: ConfirmPasswordResetBody, ip: string): Promise<void> {
      await spendOrThrow(limiter, `reset-confirm:ip:${ip}`, LIMITS.resetConfirmsPerIp);
      rejectCommonPassword(body.password, 'body.password');
      const tokenHash = sha256(body.token);
      // A token that cannot be claimed is refused before the (deliberately slow) password hash.
      if (!(await repo.findUsablePasswordResetToken(tokenHash, clock.now()))) throw invalidResetToken();
      const passwordHash = await hashPassword(body.password);
      const now = clock.now();
      const claimed = await repo.transaction(async (tx) => {
        const token = await repo.claimPasswordResetToken(tx, tokenHash, now);
        if (!token) return undefined;
        await repo.updatePasswordHash(tx, token.userId, passwordHash, now);
        await repo.expireOtherResetTokens(tx, token.userId, now);
        return { ...token, ended: await repo.revokeUserFamilies(tx, token.userId, now) };
      });
      if (!claimed) throw invalidResetToken();
      deps.onSessionsEnded(claimed.ended);
    },

    /** Lets shutdown (and tests) wait for e-mails still being sent. */
    async settle(): Promise<void> {
      await Promise.all([...pendingMail]);
    },

    startSession,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
