/** Every route path of the web app, so links and the router never disagree (DESIGN §4). */
export const paths = {
  home: '/',
  privacy: '/privacy',
  terms: '/terms',
  cookies: '/cookies',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  setup: '/setup',
  app: {
    dashboard: '/app',
    learn: '/app/learn',
    practice: '/app/practice',
    review: '/app/review',
    lesson: '/app/lesson',
    progress: '/app/progress',
    languages: '/app/languages',
    friends: '/app/friends',
    messages: '/app/messages',
    settings: '/app/settings',
  },
} as const;
