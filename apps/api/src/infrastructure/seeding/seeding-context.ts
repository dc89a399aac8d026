import { AsyncLocalStorage } from 'node:async_hooks';

/** A job a reaction would enqueue, held back while the demo seed runs its reactions itself. */
export interface HeldJob {
  queue: 'verification.auto-check' | 'verification.identity-check' | 'verification.notify';
  key: string;
  payload: Record<string, unknown>;
}

/**
 * Work that answers nobody (the demo seed) need not wait for the read models after each append, and runs its
 * jobs itself, in order, instead of leaving a backlog on the queues at start-up.
 */
const seeding = new AsyncLocalStorage<{ held: HeldJob[] }>();

/** Whether the current work is the demo seed's (which does not wait for read models). */
export const inSeedingContext = () => seeding.getStore() !== undefined;

/** Runs fn without waiting for the read models after each append, holding its jobs for `heldJobs()`. */
export const runSeeding = <T>(fn: () => Promise<T>): Promise<T> => seeding.run({ held: [] }, fn);

/** The jobs held back in the current seeding context (null outside one). */
export const heldJobs = (): HeldJob[] | null => seeding.getStore()?.held ?? null;
