import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import { pickStringGroup, STRING_GROUPS, stringGroupOf, stringGroupsForPath } from './string-groups';

describe('string groups', () => {
  it('split each language file into parts that together hold every key once', () => {
    const parts = STRING_GROUPS.map((group) => pickStringGroup(en, group));
    for (const part of parts) expect(Object.keys(part).length).toBeGreaterThan(0);
    const keys = parts.flatMap((part) => Object.keys(part)).sort();
    expect(keys).toEqual(Object.keys(en).sort());
  });

  it('keep what the landing paints first in core, and the rest of each area in its own group', () => {
    expect(stringGroupOf('landing.hero.title')).toBe('core');
    expect(stringGroupOf('landing.nav.signIn')).toBe('core');
    expect(stringGroupOf('skip.main')).toBe('core');
    expect(stringGroupOf('cookies.banner.title')).toBe('core');
    expect(stringGroupOf('landing.faq.q1.question')).toBe('landing');
    expect(stringGroupOf('legal.privacy.title')).toBe('legal');
    expect(stringGroupOf('lesson.check')).toBe('app');
    expect(stringGroupOf('auth.login.title')).toBe('app');
    expect(stringGroupOf('achievement.first-lesson.name')).toBe('app');
    expect(stringGroupOf('someNewArea.title')).toBe('core');
  });

  it('name the group a page opened directly needs', () => {
    expect(stringGroupsForPath('/')).toEqual([]);
    expect(stringGroupsForPath('/privacy')).toEqual(['legal']);
    expect(stringGroupsForPath('/app/lesson/es-u1-l1')).toEqual(['app']);
    expect(stringGroupsForPath('/login')).toEqual(['app']);
    expect(stringGroupsForPath('/applesauce')).toEqual([]);
  });
});
