import FileText from 'lucide-react/icons/file-text';
import { LegalPage, type LegalSection } from './legal-page';

const SECTIONS: readonly LegalSection[] = [
  { id: 'acceptance', blocks: ['p1'] },
  { id: 'eligibility', blocks: ['p1', 'p2'] },
  { id: 'account', blocks: ['p1', 'list1:3'] },
  { id: 'plans', blocks: ['p1', 'list1:2', 'p2'] },
  { id: 'payments', blocks: ['p1', 'list1:4'] },
  { id: 'use', blocks: ['p1', 'list1:4'] },
  { id: 'content', blocks: ['p1', 'p2'] },
  { id: 'availability', blocks: ['p1'] },
  { id: 'liability', blocks: ['p1'] },
  { id: 'termination', blocks: ['p1'] },
  { id: 'law', blocks: ['p1'] },
  { id: 'contact', blocks: ['p1'] },
];

export function TermsOfService() {
  return <LegalPage prefix="legal.terms" icon={<FileText className="size-7" />} sections={SECTIONS} />;
}
