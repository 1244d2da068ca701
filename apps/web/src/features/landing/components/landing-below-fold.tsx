import { useEffect } from 'react';
import { useStringGroup } from '@/lib/i18n/language-context';
import { ContactSection } from './contact-section';
import { AboutSection, BlogSection, CommunitySection, FaqSection, FinalCta, HelpCenterSection } from './content-sections';
import { FeaturesSection } from './features-section';
import { HowItWorksSection } from './how-it-works-section';
import { MethodsSection } from './methods-section';
import { PricingSection } from './pricing-section';
import { SiteFooter } from './site-footer';
import { StatsBand, TestimonialsSection } from './social-proof';

/**
 * Everything below the hero, in its own chunk: the first paint needs only the header and hero,
 * and this arrives right after. A link to one of these anchors (/#pricing) is honoured once
 * they exist, since the browser's own jump happened before they were there.
 */
export default function LandingBelowFold({ main }: { main: boolean }) {
  useStringGroup('landing');
  useEffect(() => {
    if (!main) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [main]);

  if (!main) return <SiteFooter />;
  return (
    <>
      <StatsBand />
      <FeaturesSection />
      <HowItWorksSection />
      <MethodsSection />
      <TestimonialsSection />
      <PricingSection />
      <BlogSection />
      <FaqSection />
      <AboutSection />
      <HelpCenterSection />
      <CommunitySection />
      <ContactSection />
      <FinalCta />
    </>
  );
}
