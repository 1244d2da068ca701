import { CookieSettings } from '@/features/cookie-consent/cookie-settings';
import { CookiePolicy } from '@/features/legal/components/cookie-policy';

export default function CookiesRoute() {
  return <CookiePolicy settings={<CookieSettings />} />;
}
