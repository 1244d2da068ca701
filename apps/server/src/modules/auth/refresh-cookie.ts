import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'parla_refresh';
const COOKIE_PATH = '/api/v1/auth';

/** The web app keeps the refresh token in an httpOnly cookie that only auth routes receive. */
export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  refreshToken: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: COOKIE_PATH,
    maxAge: maxAgeSeconds,
  });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
}
