import { MAX_FOLLOWING } from '@parla/shared/social.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Check from 'lucide-react/icons/check';
import UserPlus from 'lucide-react/icons/user-plus';
import { buttonClasses } from '@/components/ui/button';
import { notify } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/language-context';
import { applyFollow, setFollowing } from '../api/friends-api';

/**
 * Spec §4 "Follow": a toggle. It shows the state the server confirmed (pressed while following);
 * while a change is on its way it shows the state asked for and takes no second press.
 */
export function FollowButton({
  userId,
  name,
  following,
  idle = 'follow',
}: {
  userId: string;
  name: string;
  following: boolean;
  /** "addFriend" on suggestions (spec: the add-friend button), "follow" elsewhere. */
  idle?: 'follow' | 'addFriend';
}) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (next: boolean) => setFollowing(userId, next),
    onSuccess: (answer) => applyFollow(queryClient, answer),
    onError: (error) => {
      notify.error(
        error instanceof ApiError && error.code === 'following_limit_reached'
          ? t('friends.followLimit', { max: new Intl.NumberFormat(language).format(MAX_FOLLOWING) })
          : t('friends.followFailed'),
      );
    },
  });
  const shown = mutation.isPending ? mutation.variables : following;
  return (
    <button
      type="button"
      aria-pressed={shown}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate(!following)}
      className={buttonClasses({ variant: shown ? 'secondary' : 'primary', size: 'sm', className: 'min-h-11 sm:min-h-9' })}
    >
      {shown ? <Check aria-hidden="true" className="size-4" /> : <UserPlus aria-hidden="true" className="size-4" />}
      {shown ? t('friends.following') : idle === 'addFriend' ? t('friends.addFriend') : t('friends.follow')}{' '}
      <span className="sr-only">{name}</span>
    </button>
  );
}
