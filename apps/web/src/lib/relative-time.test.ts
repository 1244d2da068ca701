import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

describe('relativeTime', () => {
  it('says how long ago, in the interface language', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(relativeTime('2026-11-24T10:00:00Z', 'en', now)).toBe('2 hours ago');
    expect(relativeTime('2026-11-24T11:59:40Z', 'en', now)).toBe('now');
    expect(relativeTime('2026-11-23T11:00:00Z', 'en', now)).toBe('yesterday');
    expect(relativeTime('2026-11-24T10:00:00Z', 'de', now)).toBe('vor 2 Stunden');
  });
});
