export { authIdentities, oauthStates, passwordResetTokens, refreshTokens, sessionRevocations } from './auth';
export { contactMessages, newsletterSubscriptions } from './contact';
export { type DeckCard, dailyActivity, lessonProgress, lessonSessions } from './learning';
export { rateLimits } from './rate-limits';
export { profiles, users } from './users';
