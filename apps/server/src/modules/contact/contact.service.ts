import type { CreateContactMessageBody, SubscribeNewsletterBody } from '@parla/shared/contact.schema';
import type { Database } from '../../db/client';
import { contactMessages, newsletterSubscriptions } from '../../db/schema/index';
import { type RateLimiter, spendOrThrow } from '../../lib/rate-limit';

export const CONTACT_LIMITS = {
  messagesPerIp: { limit: 5, windowSeconds: 60 * 60 },
  subscriptionsPerIp: { limit: 10, windowSeconds: 60 * 60 },
} as const;

export function createContactService({ db, limiter }: { db: Database; limiter: RateLimiter }) {
  return {
    async createMessage(body: CreateContactMessageBody, ip: string): Promise<void> {
      await spendOrThrow(limiter, `contact:ip:${ip}`, CONTACT_LIMITS.messagesPerIp);
      await db.insert(contactMessages).values(body);
    },

    /** Subscribing twice is fine: the second time changes nothing. */
    async subscribe(body: SubscribeNewsletterBody, ip: string): Promise<void> {
      await spendOrThrow(limiter, `newsletter:ip:${ip}`, CONTACT_LIMITS.subscriptionsPerIp);
      await db.insert(newsletterSubscriptions).values({ email: body.email }).onConflictDoNothing();
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
