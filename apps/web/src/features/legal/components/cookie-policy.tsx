import Cookie from 'lucide-react/icons/cookie';
import type { ReactNode } from 'react';
import { LegalPage, type LegalSection } from './legal-page';

const SECTIONS: readonly LegalSection[] = [
  { id: 'what', blocks: ['p1'] },
  { id: 'necessary', blocks: ['p1', 'list1:6'] },
  { id: 'optional', blocks: ['p1', 'list1:3', 'p2'] },
  { id: 'managing', blocks: ['p1', 'p2'] },
];

/** The cookie policy; the route puts the cookie settings form (another feature) in `settings`. */
export function CookiePolicy({ settings }: { settings?: ReactNode }) {
  return (
    <LegalPage prefix="legal.cookies" icon={<Cookie className="size-7" />} sections={SECTIONS}>
      {settings}
    </LegalPage>
  );
}
