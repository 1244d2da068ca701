import { z } from 'zod';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface ChatClient {
  /** The model's reply parsed as JSON and checked against `schema`; throws on anything else. */
  completeJson<T extends z.ZodType>(messages: ChatMessage[], schema: T): Promise<z.output<T>>;
}

const CompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

/** A client for any OpenAI-compatible chat-completions API, with a strict time-out. */
export function createChatClient({
  baseUrl,
  apiKey,
  model,
  timeoutMs,
}: {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs: number;
}): ChatClient {
  const url = `${baseUrl.replace(/\/$/, '')}/chat/completions`;
  return {
    async completeJson(messages, schema) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({ model, messages, temperature: 0.3, response_format: { type: 'json_object' } }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`the model API answered ${response.status}`);
      const completion = CompletionSchema.parse(await response.json());
      return schema.parse(JSON.parse(completion.choices[0]?.message.content ?? ''));
    },
  };
}
