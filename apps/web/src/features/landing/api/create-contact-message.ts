import { type CreateContactMessageBody, CreateContactMessageResponseSchema } from '@parla/shared/contact.schema';
import { apiRequest } from '@/lib/api-client';

export function createContactMessage(body: CreateContactMessageBody) {
  return apiRequest('/contact', { method: 'POST', body, schema: CreateContactMessageResponseSchema });
}
