import type { Preferences } from '@parla/shared/preferences.schema';
import { useEffect, useRef, useState } from 'react';
import { Switch } from '@/components/ui/switch';
import { useI18n } from '@/lib/i18n/language-context';
import {
  hasPushSubscription,
  type PushProblem,
  PushUnavailableError,
  pushProblem,
  refreshPushSubscription,
  subscribeToPush,
  unsubscribeFromPush,
} from '@/lib/push';
import type { PreferencesChange } from '../api/settings-api';

type Save = (change: PreferencesChange, onFailure?: () => void) => void;

/**
 * The push channel for this device. On: the browser's permission prompt (only now, after the
 * click), the service worker, the subscription stored on the server, then the preference. Off: the
 * device forgets its subscription and the preference is saved. It shows on only where this browser
 * holds a subscription, so a second device offers to subscribe itself too.
 */
export function PushSwitch({ preferences, save }: { preferences: Preferences; save: Save }) {
  const { t } = useI18n();
  const [problem, setProblem] = useState<PushProblem | 'failed' | undefined>();
  const [unsupported, setUnsupported] = useState(false);
  const [subscribed, setSubscribed] = useState<boolean | undefined>();
  const [busy, setBusy] = useState(false);

  // Read once: turning push on here must not store the new subscription a second time.
  const pushOnAtStart = useRef(preferences.push_available && preferences.notifications.push);
  useEffect(() => {
    const initial = pushProblem();
    setUnsupported(initial === 'unsupported');
    if (initial === 'denied') setProblem('denied');
    let current = true;
    // Where push is on, the device's subscription is stored again (it may have changed since).
    const check =
      pushOnAtStart.current && initial === undefined
        ? refreshPushSubscription().catch(() => hasPushSubscription())
        : hasPushSubscription();
    void check.then((held) => {
      if (current) setSubscribed(held);
    });
    return () => {
      current = false;
    };
  }, []);

  const available = preferences.push_available && !unsupported;
  const checked = available && preferences.notifications.push && subscribed !== false;

  async function turnOn() {
    setBusy(true);
    setProblem(undefined);
    try {
      await subscribeToPush();
      setSubscribed(true);
      save({ notifications: { push: true } }, () => {
        void unsubscribeFromPush().finally(() => setSubscribed(false));
      });
    } catch (error) {
      setProblem(error instanceof PushUnavailableError ? error.reason : 'failed');
      if (error instanceof PushUnavailableError && error.reason === 'unsupported') setUnsupported(true);
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    setProblem(undefined);
    try {
      await unsubscribeFromPush();
    } catch {
      // The preference still goes off: reminders stop being pushed to any device.
    }
    setSubscribed(false);
    save({ notifications: { push: false } });
    setBusy(false);
  }

  const description = !preferences.push_available
    ? t('settings.notifications.push.unavailable')
    : unsupported
      ? t('settings.notifications.push.unsupported')
      : t('settings.notifications.push.description');

  return (
    <div>
      <Switch
        label={t('settings.notifications.push')}
        description={description}
        checked={checked}
        disabled={!available || busy}
        onCheckedChange={(on) => void (on ? turnOn() : turnOff())}
      />
      {problem === 'denied' || problem === 'failed' ? (
        <p role="alert" className="pb-2 text-sm font-semibold text-danger">
          {problem === 'denied' ? t('settings.notifications.push.denied') : t('settings.notifications.push.failed')}
        </p>
      ) : null}
    </div>
  );
}
