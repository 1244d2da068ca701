export { achievements } from './achievements';
export { authIdentities, oauthStates, passwordResetTokens, refreshTokens, sessionRevocations } from './auth';
export { contactMessages, newsletterSubscriptions } from './contact';
export { idempotencyKeys } from './idempotency';
export { type DeckCard, lessonProgress, lessonSessions } from './learning';
export { NOTIFICATION_TYPES, type NotificationType, notifications } from './notifications';
export { dailyActivity, weeklyXp, type XpSourceKind, xpEvents } from './progress';
export { rateLimits } from './rate-limits';
export { profiles, users } from './users';
