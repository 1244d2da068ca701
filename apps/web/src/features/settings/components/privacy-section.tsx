import type { Preferences } from '@parla/shared/preferences.schema';
import type { BlockedLearner } from '@parla/shared/social.schema';
import { useEffect, useId, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { RetryPanel } from '@/components/ui/retry-panel';
import { Switch } from '@/components/ui/switch';
import { notify } from '@/components/ui/toaster';
import { useI18n } from '@/lib/i18n/language-context';
import { useBlocks, useUnblock, useUpdatePreferences } from '../api/settings-api';
import { SettingsSection } from './settings-screen';

/**
 * Issue 16: a private profile (ADR 029: not found by search, not suggested, off other learners'
 * league boards, its numbers and presence shown only to the people it follows) and the learners
 * one blocked, each with a way to lift the block.
 */
export function PrivacySection({ preferences }: { preferences: Preferences | undefined }) {
  const { t } = useI18n();
  return (
    <SettingsSection id="settings-privacy" title={t('settings.privacy.title')}>
      {preferences ? <PrivateProfileSwitch saved={preferences.private_profile} /> : null}
      <BlockedLearners />
    </SettingsSection>
  );
}

/** Moves at once and saves at once; a failed save puts it back and says so. */
function PrivateProfileSwitch({ saved }: { saved: boolean }) {
  const { t } = useI18n();
  const update = useUpdatePreferences();
  // What the learner last chose while its save is on the way; null shows what the server holds.
  const [choice, setChoice] = useState<boolean | null>(null);
  const latest = useRef(0);

  function change(next: boolean) {
    latest.current += 1;
    const call = latest.current;
    setChoice(next);
    update.mutateAsync({ change: { private_profile: next }, requestId: crypto.randomUUID() }).then(
      () => {
        if (call !== latest.current) return;
        setChoice(null);
        notify.success(t(next ? 'settings.privacy.private.on' : 'settings.privacy.private.off'));
      },
      () => {
        if (call !== latest.current) return;
        setChoice(null);
        notify.error(t('settings.privacy.private.failed'));
      },
    );
  }

  return (
    <Switch
      label={t('settings.privacy.private')}
      description={t('settings.privacy.private.description')}
      checked={choice ?? saved}
      onCheckedChange={change}
    />
  );
}

const HEADING = Symbol('heading');

/** The learners one blocked, the latest first, each with an Unblock button. */
function BlockedLearners() {
  const { t, language } = useI18n();
  const blocks = useBlocks();
  const unblock = useUnblock();
  // The learners being unblocked: state to show it, a ref so a second click before the render is ignored.
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const inFlight = useRef(new Set<string>());
  const [focusNext, setFocusNext] = useState<string | typeof HEADING | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const items = blocks.data?.items;

  // After a row goes, focus moves to the next row's button (or the one before), or to the heading
  // once the list is empty, so a keyboard or screen-reader user is never dropped to the page's top.
  useEffect(() => {
    if (focusNext === null) return;
    const target = focusNext === HEADING ? heading.current : buttons.current.get(focusNext);
    target?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const formatDate = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));

  async function lift(learner: BlockedLearner) {
    if (inFlight.current.has(learner.user_id)) return;
    inFlight.current.add(learner.user_id);
    const order = (items ?? []).map((item) => item.user_id);
    const index = order.indexOf(learner.user_id);
    const own = buttons.current.get(learner.user_id);
    setBusy((current) => new Set(current).add(learner.user_id));
    try {
      await unblock.mutateAsync(learner.user_id);
    } catch {
      notify.error(t('settings.privacy.unblockFailed', { name: learner.name }));
      return;
    } finally {
      inFlight.current.delete(learner.user_id);
      setBusy((current) => {
        const next = new Set(current);
        next.delete(learner.user_id);
        return next;
      });
    }
    notify.success(t('settings.privacy.unblocked', { name: learner.name }));
    // Only when focus was on this row's button (or was lost with it): never pull it from elsewhere.
    const active = document.activeElement;
    if (active && active !== own && active !== document.body) return;
    const left = new Set([...buttons.current.keys()].filter((id) => id !== learner.user_id));
    const candidates = [...order.slice(index + 1), ...order.slice(0, index).reverse()];
    setFocusNext(candidates.find((id) => left.has(id)) ?? HEADING);
  }

  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-bold">
        {t('settings.privacy.blocked.title')}
      </h3>
      <p className="-mt-1 text-sm text-muted">{t('settings.privacy.blocked.description')}</p>
      {blocks.isError ? (
        <RetryPanel
          message={t('settings.privacy.blocked.loadFailed')}
          retryLabel={t('settings.retry')}
          onRetry={() => void blocks.refetch()}
        />
      ) : !items ? (
        <p role="status" className="text-muted">
          {t('common.loading')}
        </p>
      ) : items.length === 0 ? (
        <p className="text-muted">{t('settings.privacy.blocked.empty')}</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-line">
          {items.map((learner) => {
            const pending = busy.has(learner.user_id);
            return (
              <li key={learner.user_id} className="flex items-center justify-between gap-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words">
                    <bdi>{learner.name}</bdi>
                  </p>
                  <p className="text-sm text-muted">
                    {t('settings.privacy.blocked.since', { date: formatDate(learner.blocked_at) })}
                  </p>
                </div>
                <button
                  type="button"
                  ref={(element) => {
                    if (element) buttons.current.set(learner.user_id, element);
                    else buttons.current.delete(learner.user_id);
                  }}
                  aria-label={t('settings.privacy.unblock.label', { name: learner.name })}
                  aria-disabled={pending || undefined}
                  onClick={() => void lift(learner)}
                  className={buttonClasses({
                    variant: 'secondary',
                    size: 'sm',
                    className: pending ? 'shrink-0 cursor-progress opacity-60' : 'shrink-0',
                  })}
                >
                  {t('settings.privacy.unblock')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
