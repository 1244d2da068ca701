import { z } from 'zod';
import { userText } from './user-text.schema';

// Messages between learners who follow each other (issue 16). A conversation is the messages of
// one pair, both ways; opening it (the first page of GET …/messages) marks the other's messages read.

export const MESSAGE_MAX_LENGTH = 1000;
export const MESSAGES_PAGE_SIZE = 30;
export const MESSAGES_MAX_PAGE_SIZE = 100;
export const CONVERSATIONS_PAGE_SIZE = 20;
export const CONVERSATIONS_MAX_PAGE_SIZE = 50;

export const ConversationParamsSchema = z.object({
  otherId: z.uuid({ error: 'Must be a learner id.' }),
});

const cursor = z.string().min(1).max(200).optional().describe('The `next_cursor` of the page before; opaque');

export const MessagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MESSAGES_MAX_PAGE_SIZE).default(MESSAGES_PAGE_SIZE),
  cursor,
});
export type MessagesQuery = z.infer<typeof MessagesQuerySchema>;

export const ConversationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CONVERSATIONS_MAX_PAGE_SIZE).default(CONVERSATIONS_PAGE_SIZE),
  cursor,
});
export type ConversationsQuery = z.infer<typeof ConversationsQuerySchema>;

export const SendMessageBodySchema = z.object({
  text: userText().trim().min(1, 'Write something first.').max(MESSAGE_MAX_LENGTH, `At most ${MESSAGE_MAX_LENGTH} characters.`),
});
export type SendMessageBody = z.infer<typeof SendMessageBodySchema>;

export const MessageSchema = z
  .object({
    id: z.uuid(),
    sender_id: z.uuid(),
    recipient_id: z.uuid(),
    text: z.string(),
    /** Whether the recipient has opened the conversation since. */
    read: z.boolean(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof MessageSchema>;

export const MessagesPageSchema = z
  .object({
    /** Newest first. */
    items: z.array(MessageSchema),
    /** Pass as `cursor` for the next (older) page; null on the last. */
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'MessagesPage' });
export type MessagesPage = z.infer<typeof MessagesPageSchema>;

export const ConversationSchema = z
  .object({
    user_id: z.uuid(),
    name: z.string(),
    last_message: MessageSchema,
    /** Their messages I have not opened yet. */
    unread_count: z.number().int().nonnegative(),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationsPageSchema = z
  .object({
    /** The latest conversation first. */
    items: z.array(ConversationSchema),
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'ConversationsPage' });
export type ConversationsPage = z.infer<typeof ConversationsPageSchema>;
