import { type SubscribeNewsletterBody, SubscribeNewsletterResponseSchema } from '@parla/shared/contact.schema';
import { apiRequest } from '@/lib/api-client';

export function subscribeNewsletter(body: SubscribeNewsletterBody) {
  return apiRequest('/newsletter', { method: 'POST', body, schema: SubscribeNewsletterResponseSchema });
}
