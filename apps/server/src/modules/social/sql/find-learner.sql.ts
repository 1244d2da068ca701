import { defineStatement } from '../../../db/statements';
import { LEARNER_COLUMNS, learnerRow } from './learner-columns';

/**
 * Learner $2 as $1 sees them on a learner card: whether $1 follows them and they follow $1. No row
 * when there is no such learner, or a block stands between the two (either way: the blocked
 * learner does not learn who blocked).
 */
export const findLearner = defineStatement({
  name: 'social_find_learner',
  params: ['uuid', 'uuid'],
  row: learnerRow.extend({ following: learnerRow.shape.follows_me }),
  text: `
  select ${LEARNER_COLUMNS},
         exists (select 1 from follows f where f.follower_id = u.id and f.followee_id = $1) as follows_me,
         exists (select 1 from follows f where f.follower_id = $1 and f.followee_id = u.id) as following
    from users u
    join profiles p on p.user_id = u.id
   where u.id = $2
     and not exists (
       select 1 from blocks b
        where (b.blocker_id = $1 and b.blocked_id = $2) or (b.blocker_id = $2 and b.blocked_id = $1)
     )`,
});
