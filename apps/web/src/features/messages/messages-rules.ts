import { MESSAGE_MAX_LENGTH, type Message, type MessagesPage } from '@parla/shared/messages.schema';
import { ApiError } from '@/lib/api-client';

export { MESSAGE_MAX_LENGTH };

/** The counter shows from here on, so it is there before the limit rather than all the time. */
export const COUNTER_FROM = 900;

/** What a draft can be sent as: trimmed, 1 to 1,000 characters (the server's rule too). */
export function sendableText(draft: string): string | null {
  const text = draft.trim();
  return text.length >= 1 && text.length <= MESSAGE_MAX_LENGTH ? text : null;
}

/** A conversation's pages (each newest first) as one list, oldest first, each message once. */
export function chronological(pages: readonly MessagesPage[]): Message[] {
  const seen = new Set<string>();
  const out: Message[] = [];
  for (const page of pages) {
    for (const message of page.items) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out.reverse();
}

/**
 * Why a conversation cannot be opened or written to, as the interface says it. The server answers
 * 403 the same way whichever side blocked or stopped following (the other's choices stay theirs);
 * a block of mine I know already, so `iBlocked` tells that case apart.
 */
export type Closed = 'not-mutual' | 'blocked' | 'not-found';

export function closedBy(error: unknown, iBlocked: boolean): Closed | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404 || (error.status === 400 && error.details?.some((item) => item.path === 'params.otherId')))
    return 'not-found';
  if (error.status === 403) return iBlocked ? 'blocked' : 'not-mutual';
  return null;
}

/** A failed send, in words: too fast (with the wait), text the server refused, or no connection. */
export type SendFailure =
  | { kind: 'rate-limited'; seconds: number | undefined }
  | { kind: 'invalid' }
  | { kind: 'network' }
  | { kind: 'other' };

export function sendFailureOf(error: unknown): SendFailure {
  if (!(error instanceof ApiError)) return { kind: 'other' };
  if (error.status === 429) return { kind: 'rate-limited', seconds: error.retryAfterSeconds };
  if (error.status === 400) return { kind: 'invalid' };
  if (error.status === 0) return { kind: 'network' };
  return { kind: 'other' };
}

/** The id of my newest message when the other has read it ("Seen" goes under it), else null. */
export function seenMessageId(messages: readonly Message[], myId: string | undefined): string | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message && message.sender_id === myId) return message.read ? message.id : null;
  }
  return null;
}
