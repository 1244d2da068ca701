import { defineStatement } from '../../../db/statements';
import { LEARNER_COLUMNS, learnerRow } from './learner-columns';

/** The learners $1 follows (at most MAX_FOLLOWING), each with whether they follow $1 back. */
export const listFriends = defineStatement({
  name: 'social_list_friends',
  params: ['uuid'],
  row: learnerRow,
  text: `
  select ${LEARNER_COLUMNS},
         exists (select 1 from follows back where back.follower_id = f.followee_id and back.followee_id = f.follower_id) as follows_me
    from follows f
    join users u on u.id = f.followee_id
    join profiles p on p.user_id = f.followee_id
   where f.follower_id = $1`,
});
