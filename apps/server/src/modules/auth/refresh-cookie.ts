import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'parla_refresh';
const COOKIE_PATH = '/api/v1/auth';

export interface RefreshCookieSettings {
  maxAgeSeconds: number;
  /** PUBLIC_URL is https: the browser must never send the cookie over plain HTTP. */
  secure: boolean;
}

/** The cookie settings for a deployment reached at `publicUrl`. */
export function refreshCookieSettings(publicUrl: string, maxAgeSeconds: number): RefreshCookieSettings {
  return { maxAgeSeconds, secure: new URL(publicUrl).protocol === 'https:' };
}

/** The web app keeps the refresh token in an httpOnly cookie that only auth routes receive. */
export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  refreshToken: string,
  settings: RefreshCookieSettings,
): void {
  reply.setCookie(REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    // A request that reached us over TLS (directly, or through a trusted proxy) gets a Secure
    // cookie even when PUBLIC_URL was left at http.
    secure: settings.secure || request.protocol === 'https',
    path: COOKIE_PATH,
    maxAge: settings.maxAgeSeconds,
  });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
}
