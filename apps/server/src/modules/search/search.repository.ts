import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { searchIndexState } from '../../db/schema/index';
import type { SearchEntryInput } from './search-entries';

// Replicas starting together refill the index one at a time; the second finds the hash current.
const SEARCH_INDEX_LOCK_KEY = 7_306_142_024;
const CONTENT_INDEX = 'content';
// word_similarity (pg_trgm) from which a text counts as a typo of the query: "helo" in "hello" is 0.6.
const SIMILARITY_THRESHOLD = 0.5;
/** People of each kind (name start; inside or near the name) ranked at most, however many match. */
const PEOPLE_CANDIDATES = 100;

export interface SearchMatch {
  kind: 'lesson' | 'word';
  ref: string;
  /** 0 the whole text, 1 its start, 2 a word's start, 3 inside a word, 4 only similar (a typo). */
  tier: number;
  similarity: number;
}

export interface PersonMatch extends Omit<SearchMatch, 'kind'> {
  kind: 'person';
  userId: string;
  fullName: string;
  course: string;
  proficiency: string;
  isFollowing: boolean;
}

export function createSearchRepository(db: Database) {
  return {
    /** Replaces the entries when they were made from other content; true when it did. */
    async refillEntries(hash: string, entries: readonly SearchEntryInput[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SEARCH_INDEX_LOCK_KEY})`);
        const [current] = await tx
          .select({ hash: searchIndexState.contentHash })
          .from(searchIndexState)
          .where(eq(searchIndexState.name, CONTENT_INDEX));
        if (current?.hash === hash) return false;
        await tx.execute(sql`delete from search_entries`);
        // One statement for every row: the texts travel as one JSON array, normalised by the database
        // with the very functions that normalise the query.
        await tx.execute(sql`
          insert into search_entries (language, kind, ref, variant, norm)
          select language, kind, ref, variant, search_normalise(body)
          from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb)
            as t(language text, kind text, ref text, variant text, body text)`);
        await tx.execute(sql`
          insert into search_index_state (name, content_hash, built_at) values (${CONTENT_INDEX}, ${hash}, now())
          on conflict (name) do update set content_hash = excluded.content_hash, built_at = excluded.built_at`);
        return true;
      });
    },

    /**
     * Lessons whose title or description in `native`, and words whose form in `native` or `course`,
     * contain the query or a near miss of it, case and accents aside; each lesson or word once, at
     * its best text. Best first: how the text starts with the query, then trigram similarity.
     */
    async findContentMatches(query: string, native: string, course: string, limit: number): Promise<SearchMatch[]> {
      const result = await db.execute(sql`
        with needle as (select search_normalise(${query}::text) as q),
        hits as (
          select e.kind, e.ref,
            case when e.norm = n.q then 0
                 when starts_with(e.norm, n.q) then 1
                 when strpos(' ' || e.norm, ' ' || n.q) > 0 then 2
                 when strpos(e.norm, n.q) > 0 then 3
                 else 4 end as tier,
            word_similarity(n.q, e.norm) as similarity,
            case when e.variant = 'description' then 1 else 0 end as secondary
          from search_entries e cross join needle n
          where ((e.kind = 'lesson' and e.language = ${native})
                 or (e.kind = 'word' and e.language in (${native}, ${course})))
            and (strpos(e.norm, n.q) > 0 or word_similarity(n.q, e.norm) >= ${SIMILARITY_THRESHOLD})
        ),
        best as (
          select distinct on (kind, ref) kind, ref, tier, similarity, secondary
          from hits
          order by kind, ref, tier, secondary, similarity desc
        )
        select kind, ref, tier, similarity from best
        order by tier, secondary, similarity desc, kind, ref
        limit ${limit}`);
      return (
        result as unknown as {
          rows: { kind: 'lesson' | 'word'; ref: string; tier: number | string; similarity: number | string }[];
        }
      ).rows.map((row) => ({ kind: row.kind, ref: row.ref, tier: Number(row.tier), similarity: Number(row.similarity) }));
    },

    /**
     * Learners whose name contains the query or a near miss of it, best first like the content: never
     * the caller, a private profile, one not set up, or anyone either of the two has blocked.
     *
     * With a million learners a common name matches thousands, so at most PEOPLE_CANDIDATES of each
     * kind are ranked, and each kind is looked for only when the kinds ranked before it leave the page
     * short: the names that start with the query, in alphabetical order (the btree of migration 0031
     * reads just those); then the names whose second word does (a surname: migration 0032's btree);
     * then the names containing it (the trigram index of migration 0027 intersects
     * the query's trigrams); then near misses (a typo: word_similarity, `<%`, which reads the index
     * entries of every trigram of the query). Below PEOPLE_CANDIDATES matches of a kind the ranking is
     * exact, but for a third word starting with the query (found with the names containing it). A query under 3 characters has no trigram of its own: it finds names with a word starting
     * with it, not the names it is only inside of. The query is written out with the parameters in
     * place (an index is not used through a CTE's column).
     */
    async findPeopleMatches(query: string, userId: string, limit: number): Promise<PersonMatch[]> {
      const name = sql`search_normalise(u.full_name)`;
      const needle = sql`search_normalise(${query}::text)`;
      // The name from its second word on (migration 0032's index): a surname starting with the query.
      const secondWord = sql`substr(${name}, strpos(${name}, ' ') + 1)`;
      const escaped = sql`replace(replace(replace(${needle}, '!', '!!'), '%', '!%'), '_', '!_')`;
      const containing = [...query.trim()].length >= 3 ? sql`'%' || ${escaped} || '%'` : sql`'% ' || ${escaped} || '%'`;
      // Learners the caller may find, of a set `c` of candidates joined with their profiles `p`.
      const visible = sql`c.id <> ${userId}
          and p.profile_completed and not p.is_private
          and not exists (select 1 from blocks b where b.blocker_id = c.id and b.blocked_id = ${userId})
          and not exists (select 1 from blocks b where b.blocker_id = ${userId} and b.blocked_id = c.id)`;
      const enough = (kinds: SQL) =>
        sql`(select count(*) from (${kinds}) c join profiles p on p.user_id = c.id where ${visible}) >= ${limit}`;
      // Each candidate's normalised name is made once (unaccent is most of the ranking's cost). A kind
      // ranks after the kinds before it, so it is looked for only when they leave the page short (the
      // condition is evaluated once, before the scan: the scan is skipped when it holds).
      const candidate = sql`select u.id, u.full_name, ${name} as norm from users u`;
      const result = await db.transaction(async (tx) => {
        // The index finds names whose word_similarity reaches pg_trgm's threshold (`<%`): its default,
        // 0.6, misses one letter wrong in the middle of a name ("zephirin" for "zephyrin" is 0.5). And
        // a kind is looked for only when few names match, but the planner, seeing a LIMIT and a common
        // trigram, may pick a sequential scan that stops early: with few matches it would read every
        // learner. Every part of the statement has its index.
        await tx.execute(sql`
          select set_config('pg_trgm.word_similarity_threshold', ${String(SIMILARITY_THRESHOLD)}, true),
                 set_config('enable_seqscan', 'off', true)`);
        return tx.execute(sql`
        with starting as (
          ${candidate} where ${name} like ${escaped} || '%' escape '!'
          order by ${name} using ~<~ limit ${PEOPLE_CANDIDATES}
        ), second_word as (
          ${candidate} where ${secondWord} like ${escaped} || '%' escape '!'
            and not ${enough(sql`select id from starting`)}
          order by ${secondWord} using ~<~ limit ${PEOPLE_CANDIDATES}
        ), containing as (
          ${candidate} where ${name} like ${containing} escape '!'
            and not ${enough(sql`select id from starting union select id from second_word`)}
          limit ${PEOPLE_CANDIDATES}
        ), near as (
          ${candidate} where ${needle} <% ${name}
            and not ${enough(sql`select id from starting union select id from second_word union select id from containing`)}
          limit ${PEOPLE_CANDIDATES}
        ), candidates as (
          select * from starting union select * from second_word union select * from containing union select * from near
        ), needle as (select ${needle} as q)
        select c.id as user_id, c.full_name, p.target_language as course, p.proficiency,
          case when c.norm = n.q then 0
               when starts_with(c.norm, n.q) then 1
               when strpos(' ' || c.norm, ' ' || n.q) > 0 then 2
               when strpos(c.norm, n.q) > 0 then 3
               else 4 end as tier,
          word_similarity(n.q, c.norm) as similarity,
          exists (select 1 from follows f where f.follower_id = ${userId} and f.followee_id = c.id) as is_following
        from candidates c
        cross join needle n
        join profiles p on p.user_id = c.id
        where ${visible}
        order by tier, similarity desc, c.full_name, c.id
        limit ${limit}`);
      });
      type Row = {
        user_id: string;
        full_name: string;
        course: string;
        proficiency: string;
        tier: number | string;
        similarity: number | string;
        is_following: boolean;
      };
      return (result as unknown as { rows: Row[] }).rows.map((row) => ({
        kind: 'person' as const,
        ref: row.user_id,
        tier: Number(row.tier),
        similarity: Number(row.similarity),
        userId: row.user_id,
        fullName: row.full_name,
        course: row.course,
        proficiency: row.proficiency,
        isFollowing: row.is_following,
      }));
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
