import { LanguageSelection } from '@/features/language-selection/components/language-selection';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function LanguagesRoute() {
  useDocumentTitle('title.languages');
  return <LanguageSelection />;
}
