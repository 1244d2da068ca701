import { QuickPractice } from '@/features/practice/components/quick-practice';

export default function PracticeRoute() {
  return <QuickPractice />;
}
