import { LanguageSelection } from '@/features/language-selection/components/language-selection';

export default function LanguagesRoute() {
  return <LanguageSelection />;
}
