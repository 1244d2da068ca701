export { authIdentities, oauthStates, passwordResetTokens, refreshTokens } from './auth';
export { contactMessages, newsletterSubscriptions } from './contact';
export { rateLimits } from './rate-limits';
export { profiles, users } from './users';
