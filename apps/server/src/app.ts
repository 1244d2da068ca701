import { join } from 'node:path';
import cookie from '@fastify/cookie';
import { AppError } from '@parla/shared/errors';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import pino from 'pino';
import rootPackage from '../../../package.json' with { type: 'json' };
import type { Env } from './config/env';
import type { DatabaseHandle } from './db/client';
import type { Clock } from './lib/clock';
import { createDomainEvents, type DomainEventBus } from './lib/domain-events';
import { loggerOptions } from './lib/logger';
import { createDatabaseRateLimiter, createRedisRateLimiter } from './lib/rate-limit';
import { loadOrCreateSecret } from './lib/secrets';
import { createTokenSigner } from './lib/tokens';
import { createAccountRepository } from './modules/account/account.repository';
import { accountRoutes } from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { createAchievementsRepository } from './modules/achievements/achievements.repository';
import { achievementsRoutes } from './modules/achievements/achievements.routes';
import { createAchievementsService } from './modules/achievements/achievements.service';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { configuredProviders } from './modules/auth/oauth.providers';
import { oauthRoutes } from './modules/auth/oauth.routes';
import { createOAuthService } from './modules/auth/oauth.service';
import { refreshCookieSettings } from './modules/auth/refresh-cookie';
import { createSessionRevocations } from './modules/auth/session-revocations';
import { createCatalogueRepository } from './modules/catalogue/catalogue.repository';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { createContentProvider } from './modules/catalogue/content-bank';
import { languagesRoutes } from './modules/catalogue/languages.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { createContactService } from './modules/contact/contact.service';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { healthRoutes } from './modules/health/health.routes';
import { createHealthService } from './modules/health/health.service';
import { createLeaguesRepository } from './modules/leagues/leagues.repository';
import { leaguesRoutes } from './modules/leagues/leagues.routes';
import { createLeaguesService, createLeagueWeekCloser, type LeaguesService } from './modules/leagues/leagues.service';
import { createLearnersRepository } from './modules/learners/learners.repository';
import { createLearnersService } from './modules/learners/learners.service';
import { createOutboxMailer, createSmtpMailer } from './modules/mail/mailer';
import { createMessagesRepository } from './modules/messages/messages.repository';
import { messagesRoutes } from './modules/messages/messages.routes';
import { createMessagesService } from './modules/messages/messages.service';
import { createNotificationsRepository } from './modules/notifications/notifications.repository';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createProgressRepository } from './modules/progress/progress.repository';
import { progressRoutes } from './modules/progress/progress.routes';
import { createProgressService } from './modules/progress/progress.service';
import { createPushRepository } from './modules/push/push.repository';
import { pushRoutes } from './modules/push/push.routes';
import { createPushService } from './modules/push/push.service';
import { resolveVapidDetails } from './modules/push/vapid';
import { reminderPush } from './modules/reminders/reminder-push';
import { createRemindersRepository } from './modules/reminders/reminders.repository';
import { createReminderScheduler, createRemindersService, type RemindersService } from './modules/reminders/reminders.service';
import { unsubscribeRoutes } from './modules/reminders/unsubscribe.routes';
import { createUnsubscribeService } from './modules/reminders/unsubscribe.service';
import { createDeckService } from './modules/review/deck.service';
import { createReviewRepository } from './modules/review/review.repository';
import { reviewRoutes } from './modules/review/review.routes';
import { createReviewService } from './modules/review/review.service';
import { createSearchRepository } from './modules/search/search.repository';
import { searchRoutes } from './modules/search/search.routes';
import { createSearchService } from './modules/search/search.service';
import { lessonSessionsRoutes } from './modules/sessions/lesson-sessions.routes';
import { createLessonSessionsService } from './modules/sessions/lesson-sessions.service';
import { createLessonVariants } from './modules/sessions/lesson-variants';
import { practiceRoutes } from './modules/sessions/practice.routes';
import { createPracticeSessionsService } from './modules/sessions/practice-sessions.service';
import { createSessionsRepository } from './modules/sessions/sessions.repository';
import { createPresence } from './modules/social/presence';
import { createSocialRepository } from './modules/social/social.repository';
import { socialRoutes } from './modules/social/social.routes';
import { createSocialService } from './modules/social/social.service';
import { createChatClient } from './modules/tutor/chat-client';
import { tutorRoutes } from './modules/tutor/tutor.routes';
import { createTutorService } from './modules/tutor/tutor.service';
import { createUsersRepository } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { createRequireAuth } from './plugins/auth';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler';
import { registerIdempotency } from './plugins/idempotency';
import { registerOpenApi } from './plugins/openapi';
import { generateRequestId } from './plugins/request-id';
import { RequestLogController } from './plugins/request-logging';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers';
import { hasBuiltWebApp, registerWebApp, sendWebAppIndex } from './plugins/web-app';

export const APP_VERSION: string = rootPackage.version;

export interface BuildAppOptions {
  env: Env;
  database: DatabaseHandle;
  /** Modules that need "now" (streaks, expiries, limits) take it from here, never from Date. */
  clock: Clock;
  /** The content bank folder (packages/content); the bundled server passes it explicitly. */
  contentDir?: string | undefined;
  /** The built web app (apps/web/dist); without it only the API is served. */
  webDistDir?: string | undefined;
  logger?: FastifyBaseLogger;
}

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** Loads what the first learner request would otherwise wait for (the content bank). */
    warmUp(): void;
    /** What happened in the learning engine, for features to subscribe to (lib/domain-events.ts). */
    events: DomainEventBus;
    /** The first step of a shutdown, before close(): every new request is answered 503 from now on. */
    startDraining(): void;
    /** Streak-at-risk reminders (modules/reminders): start() runs them every REMINDERS_INTERVAL_MS (main.ts); tick() runs one pass. */
    reminders: { start(): void; tick: RemindersService['tick'] };
    /** Weekly leagues (modules/leagues): start() closes each ended week (main.ts); closeWeek() closes one. */
    leagues: { start(): void; closeWeek: LeaguesService['closeWeek'] };
  }
  interface FastifyContextConfig {
    /** Open to anyone; every other /api/v1 route needs a signed-in learner (see the onRoute guard). */
    public?: boolean;
  }
}

export async function buildApp({ env, database, clock, contentDir, webDistDir, logger }: BuildAppOptions): Promise<App> {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const headers = securityHeaders({ https: publicUrl.startsWith('https:') });
  const app = Fastify({
    loggerInstance: logger ?? pino(loggerOptions({ level: env.LOG_LEVEL })),
    logController: new RequestLogController(),
    frameworkErrors: frameworkErrorHandler(headers),
    genReqId: generateRequestId,
    requestIdHeader: false,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: env.BODY_LIMIT_BYTES,
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // Requests arriving while the server drains (on a kept-alive connection) are turned away with
  // `Connection: close`, so the client or load balancer retries them elsewhere and drops the
  // connection; the ones already running finish. Idle connections are closed only once close()
  // begins: closing one while a client may be sending on it answers that request with a reset.
  let draining = false;
  let closing = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.addHook('preClose', async () => {
    draining = true;
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (draining) {
      reply.header('Connection', 'close');
      throw new AppError('service_unavailable', 'The server is restarting. Please try again in a moment.');
    }
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });
  // A keep-alive connection whose request finished during the drain would otherwise hold the
  // shutdown open until its idle timeout.
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections();
  });

  await registerSecurityHeaders(app, headers);
  await registerOpenApi(app, APP_VERSION);

  await app.register(cookie);
  app.decorateRequest('auth', null);
  // Set by plugins/idempotency and the routes whose answers it records (one object shape per request).
  app.decorateRequest('idempotencyKey', undefined);
  app.decorateRequest('idempotencyFragment', undefined);

  const secret = env.JWT_SECRET ?? loadOrCreateSecret(env.DATA_DIR, 'jwt-secret');
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;
  const limiter = redis ? createRedisRateLimiter(redis) : createDatabaseRateLimiter(database.db, clock);
  const mailer = env.SMTP_URL
    ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM })
    : createOutboxMailer({ dir: join(env.DATA_DIR, 'outbox'), from: env.MAIL_FROM, logger: app.log });
  const signer = createTokenSigner({ secret, ttlSeconds: env.ACCESS_TOKEN_TTL_SECONDS, clock });
  const authRepository = createAuthRepository(database.db);
  const sessionRevocations = createSessionRevocations({
    repo: authRepository,
    accessTokenSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    pollMs: env.SESSION_REVOCATION_POLL_MS,
    logger: app.log,
  });
  await sessionRevocations.start();
  const requireAuth = createRequireAuth(signer, sessionRevocations.isRevoked);
  const refreshCookie = refreshCookieSettings(publicUrl, env.REFRESH_ABSOLUTE_TTL_SECONDS);
  // Every /api/v1 route is for signed-in learners unless it declares `config: { public: true }`,
  // so a route that forgets fails closed. A module's own addHook('onRequest', requireAuth) is
  // attached after its routes are declared, out of this hook's sight: the guard then finds the
  // caller already verified and does nothing.
  const guard = async (request: FastifyRequest) => {
    if (!request.auth) await requireAuth(request);
  };
  app.addHook('onRoute', (route) => {
    if (!/^\/api\/v1(\/|$)/.test(route.url) || route.config?.public === true) return;
    const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
    if (!hooks.includes(requireAuth)) route.onRequest = [guard, ...hooks];
  });

  // After the guard's onRequest (the learner is known), before every route's own preHandler.
  // A replayed answer may name a part kept for good elsewhere: a lesson variant's exercises (ADR 032).
  let variantFragment: (ref: string) => Promise<string | undefined> = async () => undefined;
  registerIdempotency(app, { database, clock, log: app.log, fragment: (ref) => variantFragment(ref) });

  const healthService = createHealthService({ database, version: APP_VERSION });
  const learners = createLearnersService({ repo: createLearnersRepository(database.db), clock });
  const authService = createAuthService({
    repo: authRepository,
    learners,
    signer,
    limiter,
    mailer,
    clock,
    logger: app.log,
    onSessionsEnded: sessionRevocations.add,
    secret,
    publicUrl,
    refreshIdleSeconds: env.REFRESH_IDLE_TTL_SECONDS,
    refreshAbsoluteSeconds: env.REFRESH_ABSOLUTE_TTL_SECONDS,
  });
  const oauthService = createOAuthService({
    providers: configuredProviders(env),
    repo: authRepository,
    learners,
    authService,
    clock,
    logger: app.log,
    callbackUrl: (provider) => `${publicUrl}/api/v1/auth/oauth/${provider}/callback`,
  });
  const pushService = createPushService({
    repo: createPushRepository(database.db),
    vapid: resolveVapidDetails(env, publicUrl),
    clock,
    logger: app.log,
    allowLocalEndpoints: env.NODE_ENV === 'test',
  });
  const usersService = createUsersService({
    repo: createUsersRepository(database.db),
    learners,
    clock,
    pushAvailable: pushService.available,
  });
  const contactService = createContactService({ db: database.db, limiter });
  const content = createContentProvider(contentDir);
  const events = createDomainEvents(app.log);
  app.decorate('events', events);
  const achievementsService = createAchievementsService({ repo: createAchievementsRepository(database) });
  const notificationsRepository = createNotificationsRepository(database);
  const notificationsService = createNotificationsService({ repo: notificationsRepository, clock });
  const socialRepository = createSocialRepository(database);
  const socialService = createSocialService({ repo: socialRepository, clock, events });
  const leaguesService = createLeaguesService({ repo: createLeaguesRepository(database), clock });
  // The league week-end job (modules/leagues, ADR 030): each replica looks hourly; the week's key makes one apply it.
  const leagueWeekCloser = createLeagueWeekCloser({ service: leaguesService, intervalMs: 60 * 60 * 1000, logger: app.log });
  app.decorate('leagues', { start: () => leagueWeekCloser.start(), closeWeek: leaguesService.closeWeek });
  const messagesService = createMessagesService({ repo: createMessagesRepository(database), clock });
  // Online and last seen (modules/social): every signed-in request notes its learner once answered.
  const presence = createPresence({ repo: socialRepository, clock, logger: app.log });
  app.addHook('onResponse', async (request) => {
    if (request.auth) presence.seen(request.auth.userId);
  });
  const sessionsRepository = createSessionsRepository(database, events);
  const reviewRepository = createReviewRepository(database);
  const reviews = createReviewService({
    repo: reviewRepository,
    lessonOf: (wordId) => content.get().wordsById.get(wordId)?.lessonId,
  });
  const catalogueService = createCatalogueService({ repo: createCatalogueRepository(database.db), learners, content, clock });
  const searchService = createSearchService({
    repo: createSearchRepository(database.db),
    learners,
    catalogue: catalogueService,
    content,
  });
  const lessonVariants = createLessonVariants({ readStored: sessionsRepository.findVariant });
  variantFragment = lessonVariants.fragment;
  const lessonSessionsService = createLessonSessionsService({
    repo: sessionsRepository,
    variants: lessonVariants,
    catalogue: catalogueService,
    content,
    clock,
    events,
  });
  const dashboardService = createDashboardService({
    repo: createDashboardRepository(database),
    catalogue: catalogueService,
    clock,
  });
  const tutorService = createTutorService({
    lessons: sessionsRepository,
    learners,
    content,
    chat: env.AI_BASE_URL
      ? createChatClient({ baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL, timeoutMs: env.AI_TIMEOUT_MS })
      : undefined,
    logger: app.log,
  });
  const practiceService = createPracticeSessionsService({
    sessions: sessionsRepository,
    learners,
    reviewRepo: reviewRepository,
    reviews,
    content,
    clock,
    events,
  });
  const deckService = createDeckService({ reviewRepo: reviewRepository, learners, content, clock });
  const progressService = createProgressService({ repo: createProgressRepository(database), content, clock });
  const remindersRepository = createRemindersRepository(database);
  const remindersService = createRemindersService({
    repo: remindersRepository,
    clock,
    mailer,
    notify: notificationsRepository.notify,
    push: async ({ userId, streak, language }) => {
      await pushService.sendPush(userId, reminderPush(language, streak));
    },
    logger: app.log,
    secret,
    publicUrl,
  });
  const reminderScheduler = createReminderScheduler({
    service: remindersService,
    intervalMs: env.REMINDERS_INTERVAL_MS,
    logger: app.log,
  });
  app.decorate('reminders', {
    start: () => {
      if (!env.REMINDERS_DISABLED) reminderScheduler.start();
    },
    tick: remindersService.tick,
  });
  const accountService = createAccountService({
    repo: createAccountRepository(database, authRepository),
    content,
    learners,
    limiter,
    clock,
    onSessionsEnded: sessionRevocations.add,
  });
  const unsubscribeService = createUnsubscribeService({ repo: remindersRepository, clock, secret });
  app.decorate('warmUp', () => {
    content.get();
  });

  app.addHook('onClose', async () => {
    // The running tick finishes before the database closes (main.ts closes it in a later hook).
    await reminderScheduler.stop();
    await leagueWeekCloser.stop();
    await presence.settle();
    await authService.settle();
    await sessionRevocations.stop();
    await redis?.quit();
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes({ healthService }));
      await api.register(authRoutes({ authService, requireAuth, refreshCookie }));
      await api.register(oauthRoutes({ oauthService, publicUrl, refreshCookie, limiter }));
      await api.register(usersRoutes({ usersService, requireAuth }));
      await api.register(contactRoutes({ contactService }));
      await api.register(languagesRoutes({ content }));
      await api.register(catalogueRoutes({ catalogueService, requireAuth }));
      await api.register(searchRoutes({ searchService, requireAuth }));
      await api.register(lessonSessionsRoutes({ lessonSessionsService, requireAuth }));
      await api.register(practiceRoutes({ practiceService, requireAuth, limiter }));
      await api.register(reviewRoutes({ deckService, requireAuth }));
      await api.register(tutorRoutes({ tutorService, requireAuth, limiter }));
      await api.register(dashboardRoutes({ dashboardService, requireAuth }));
      await api.register(progressRoutes({ progressService, requireAuth }));
      await api.register(achievementsRoutes({ achievementsService, requireAuth }));
      await api.register(pushRoutes({ pushService, requireAuth }));
      await api.register(notificationsRoutes({ notificationsService, requireAuth }));
      await api.register(socialRoutes({ socialService, requireAuth, limiter }));
      await api.register(leaguesRoutes({ leaguesService, requireAuth }));
      await api.register(messagesRoutes({ messagesService, requireAuth, limiter }));
      await api.register(unsubscribeRoutes({ unsubscribeService }));
      await api.register(accountRoutes({ accountService, requireAuth, clock }));
    },
    { prefix: '/api/v1' },
  );

  const serveWebApp = hasBuiltWebApp(webDistDir);
  if (serveWebApp) await registerWebApp(app, webDistDir);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Client routes have no file extension; a missing /assets/x.js must be a 404, not the page.
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !/\.[A-Za-z0-9]+$/.test(path);
    if (serveWebApp && isPageRequest) return sendWebAppIndex(reply);
    throw new AppError('not_found', `No route ${request.method} ${path}.`);
  });

  return app;
}
