import { describe, expect, it } from 'vitest';
import { RegisterBodySchema } from './auth.schema';
import { CreateContactMessageBodySchema } from './contact.schema';
import { AnswerExerciseBodySchema } from './lessons.schema';
import { userText } from './user-text.schema';

describe('user text', () => {
  it('refuses U+0000 anywhere in the string, and keeps every other character', () => {
    const schema = userText().trim().max(20);
    for (const text of ['\u0000', 'a\u0000b', 'ab\u0000'])
      expect(schema.safeParse(text).success, JSON.stringify(text)).toBe(false);
    for (const text of ['', 'Ana García', '\u0001\u001f', 'مرحبا', '👋🏽']) expect(schema.safeParse(text).success).toBe(true);
  });

  it('names the field when a request body carries one', () => {
    const register = RegisterBodySchema.safeParse({ username: 'a@b.co', password: 'violet-harbour-42', full_name: 'A\u0000' });
    expect(register.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['full_name']);
    const contact = CreateContactMessageBodySchema.safeParse({ name: 'A', email: 'a@b.co', message: 'Hi\u0000' });
    expect(contact.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['message']);
    const answer = AnswerExerciseBodySchema.safeParse({
      session_id: '6f1c2a8e-3b5d-4c7e-9a1f-2d3e4f5a6b7c',
      answer: ['hola', '\u0000'],
    });
    expect(answer.success).toBe(false);
  });
});
