import { CookieSettings } from '@/features/cookie-consent/cookie-settings';
import { CookiePolicy } from '@/features/legal/components/cookie-policy';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function CookiesRoute() {
  useDocumentTitle('title.cookies');
  return <CookiePolicy settings={<CookieSettings />} />;
}
