import Shield from 'lucide-react/icons/shield';
import { LegalPage, type LegalSection } from './legal-page';

const SECTIONS: readonly LegalSection[] = [
  { id: 'controller', blocks: ['p1', 'p2'] },
  { id: 'data', blocks: ['p1', 'list1:7', 'p2', 'list2:4', 'p3'] },
  { id: 'purposes', blocks: ['p1', 'list1:4'] },
  { id: 'retention', blocks: ['p1', 'p2'] },
  { id: 'sharing', blocks: ['p1', 'list1:3', 'p2'] },
  { id: 'rights', blocks: ['p1', 'list1:7', 'p2'] },
  { id: 'security', blocks: ['p1'] },
  { id: 'children', blocks: ['p1'] },
  { id: 'changes', blocks: ['p1'] },
];

export function PrivacyPolicy() {
  return <LegalPage prefix="legal.privacy" icon={<Shield className="size-7" />} sections={SECTIONS} />;
}
