// The one place the web app reads build-time configuration.
export const env = Object.freeze({
  apiBasePath: '/api/v1',
  requestTimeoutMs: 15_000,
});
