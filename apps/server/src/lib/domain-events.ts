import type { LocalDate } from '@parla/shared/streak';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

/**
 * What happened in the learning engine, for the features that react to it (achievements,
 * notifications, leaderboards). Each event is about one learner. ADR 017 says which handlers run
 * inside the transaction that caused the event and which after it committed.
 */
export interface DomainEvents {
  /** A lesson session was finished (first time only). */
  'lesson.completed': { userId: string; sessionId: string; lessonId: string; course: string; score: number; at: Date };
  /** A quick practice or review session was finished (first time only). */
  'practice.completed': { userId: string; sessionId: string; kind: 'practice' | 'review'; accuracy: number; at: Date };
  /** XP was written to the ledger (never twice for one source). `totalXp` is the learner's new total. */
  'xp.awarded': {
    userId: string;
    sourceKind: 'lesson' | 'practice' | 'review';
    sourceId: string;
    xp: number;
    totalXp: number;
    localDate: LocalDate;
    at: Date;
  };
  /** The learner's streak grew to `streak` days (the first activity of a new day). */
  'streak.extended': { userId: string; streak: number; localDate: LocalDate; at: Date };
  /** The learner's total XP crossed into a new level. */
  'level.reached': { userId: string; level: number; at: Date };
  /**
   * The learner earned an achievement (packages/shared/src/achievements.ts), once ever: raised by
   * modules/achievements inside the transaction that earned it, handed on after its commit.
   */
  'achievement.earned': { userId: string; achievementId: string; earnedAt: Date };
}

export type DomainEventName = keyof DomainEvents;
export type DomainEvent = { [Name in DomainEventName]: { name: Name; payload: DomainEvents[Name] } }[DomainEventName];

/**
 * `transaction`: awaited inside the transaction that produced the event, with its handle; a throw
 * rolls the whole change back (use for what must be atomic with it: an achievement row, a counter).
 * `after-commit`: run once the change is durable; a failure is logged and changes nothing else
 * (use for what may be late or lost on a crash: a push, a cache refresh).
 */
export type HandlerPhase = 'transaction' | 'after-commit';

/**
 * Raises a further event from inside the transaction (an achievement the change earned): its own
 * transaction handlers run in the same transaction, and the producer hands it on after commit
 * with the events it caused.
 */
export type RaiseEvent = (event: DomainEvent) => void;

type TransactionHandler<Name extends DomainEventName> = (
  payload: DomainEvents[Name],
  tx: Database,
  raise: RaiseEvent,
) => Promise<void> | void;
type AfterCommitHandler<Name extends DomainEventName> = (payload: DomainEvents[Name]) => Promise<void> | void;

interface Subscriptions {
  transaction: Map<DomainEventName, TransactionHandler<DomainEventName>[]>;
  afterCommit: Map<DomainEventName, AfterCommitHandler<DomainEventName>[]>;
}

/** A typed in-process emitter; one per app. */
export function createDomainEvents(log: Pick<FastifyBaseLogger, 'error'>) {
  const subscriptions: Subscriptions = { transaction: new Map(), afterCommit: new Map() };
  const add = <Handler>(map: Map<DomainEventName, Handler[]>, name: DomainEventName, handler: Handler) => {
    map.set(name, [...(map.get(name) ?? []), handler]);
    return () =>
      map.set(
        name,
        (map.get(name) ?? []).filter((candidate) => candidate !== handler),
      );
  };

  return {
    /** Subscribes inside the producing transaction; returns the unsubscribe function. */
    onTransaction<Name extends DomainEventName>(name: Name, handler: TransactionHandler<Name>): () => void {
      return add(subscriptions.transaction, name, handler as TransactionHandler<DomainEventName>);
    },

    /** Subscribes after commit; returns the unsubscribe function. */
    onCommitted<Name extends DomainEventName>(name: Name, handler: AfterCommitHandler<Name>): () => void {
      return add(subscriptions.afterCommit, name, handler as AfterCommitHandler<DomainEventName>);
    },

    /**
     * Whether any of these events has a transaction handler: a producer that can write without
     * an explicit transaction (one statement) opens one only then.
     */
    needsTransaction(names: Iterable<DomainEventName>): boolean {
      for (const name of names) {
        if ((subscriptions.transaction.get(name)?.length ?? 0) > 0) return true;
      }
      return false;
    },

    /**
     * Runs the transaction handlers of `events`, in order, inside `tx`, then those of the events
     * they raised, and so on. Returns the raised events: the producer hands them on after commit
     * with its own.
     */
    async withinTransaction(tx: Database, events: readonly DomainEvent[]): Promise<DomainEvent[]> {
      const raised: DomainEvent[] = [];
      let pending = events;
      while (pending.length > 0) {
        const next: DomainEvent[] = [];
        const raise: RaiseEvent = (event) => {
          next.push(event);
        };
        for (const event of pending) {
          for (const handler of subscriptions.transaction.get(event.name) ?? []) await handler(event.payload, tx, raise);
        }
        raised.push(...next);
        pending = next;
      }
      return raised;
    },

    /**
     * Hands `events` to the after-commit handlers without waiting for them: the request that
     * caused them answers at once. Returns a promise that settles when all have run (for tests).
     */
    committed(events: readonly DomainEvent[]): Promise<void> {
      const runs: Promise<void>[] = [];
      for (const event of events) {
        for (const handler of subscriptions.afterCommit.get(event.name) ?? []) {
          runs.push(
            Promise.resolve()
              .then(() => handler(event.payload))
              .catch((error: unknown) => log.error({ err: error, event: event.name }, 'domain event handler failed')),
          );
        }
      }
      return Promise.all(runs).then(() => undefined);
    },
  };
}

export type DomainEventBus = ReturnType<typeof createDomainEvents>;
