import type { DomainEvent, Upcaster } from '@credence/domain';

export interface UpcasterRegistration {
  type: string;
  /** The schema version this upcaster reads; it returns the next one. */
  fromVersion: number;
  upcast: Upcaster;
}

/** A chain longer than this is a cycle (an upcaster that renames back and forth), not a real history. */
const MAX_STEPS = 100;

/**
 * Stored events are never rewritten: readers see old events through upcasters, applied one version at a time
 * until no upcaster matches (that is the current version). Keyed by type and schema version.
 */
export class UpcasterRegistry {
  private readonly upcasters = new Map<string, Upcaster>();

  constructor(registrations: UpcasterRegistration[] = []) {
    for (const r of registrations) this.register(r);
  }

  register({ type, fromVersion, upcast }: UpcasterRegistration): this {
    const key = keyOf(type, fromVersion);
    if (this.upcasters.has(key)) throw new Error(`Two upcasters for ${type} v${fromVersion}`);
    this.upcasters.set(key, upcast);
    return this;
  }

  /** The event at its current version (the same object when no upcaster applies). */
  upcast(event: DomainEvent): DomainEvent {
    let current = event;
    for (let steps = 0; ; steps++) {
      const upcaster = this.upcasters.get(keyOf(current.type, current.schemaVersion));
      if (!upcaster) return current;
      if (steps === MAX_STEPS)
        throw new Error(`Upcasting ${event.type} v${event.schemaVersion} does not terminate`);
      const next = upcaster({ type: current.type, schemaVersion: current.schemaVersion, data: current.data });
      if (next.type === current.type && next.schemaVersion <= current.schemaVersion) {
        throw new Error(
          `Upcaster for ${current.type} v${current.schemaVersion} must return a later version, got v${next.schemaVersion}`,
        );
      }
      current = { type: next.type, schemaVersion: next.schemaVersion, data: next.data };
    }
  }
}

const keyOf = (type: string, version: number) => `${type}@${version}`;
