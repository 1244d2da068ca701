/** Every route path of the web app, so links and the router never disagree. */
export const paths = {
  home: '/',
} as const;
