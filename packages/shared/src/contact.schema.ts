import { z } from 'zod';
import { userText } from './user-text.schema';

const EmailSchema = userText()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'Enter a valid e-mail address.' }));

export const CreateContactMessageBodySchema = z
  .object({
    name: userText().trim().min(1, 'Enter your name.').max(100),
    email: EmailSchema,
    message: userText().trim().min(1, 'Write a message.').max(5000),
  })
  .meta({ id: 'CreateContactMessageBody' });
export type CreateContactMessageBody = z.infer<typeof CreateContactMessageBodySchema>;

export const CreateContactMessageResponseSchema = z
  .object({ status: z.literal('received') })
  .meta({ id: 'ContactMessageReceived' });
export type CreateContactMessageResponse = z.infer<typeof CreateContactMessageResponseSchema>;

export const SubscribeNewsletterBodySchema = z.object({ email: EmailSchema }).meta({ id: 'SubscribeNewsletterBody' });
export type SubscribeNewsletterBody = z.infer<typeof SubscribeNewsletterBodySchema>;

export const SubscribeNewsletterResponseSchema = z
  .object({ status: z.literal('subscribed') })
  .meta({ id: 'NewsletterSubscribed' });
export type SubscribeNewsletterResponse = z.infer<typeof SubscribeNewsletterResponseSchema>;
