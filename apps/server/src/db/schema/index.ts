export { authIdentities, oauthStates, passwordResetTokens, refreshTokens } from './auth';
export { contactMessages, newsletterSubscriptions } from './contact';
export { dailyActivity, lessonProgress, lessonSessions, reviewCards } from './learning';
export { rateLimits } from './rate-limits';
export { profiles, users } from './users';
