import type { InstituteDefinition } from '../catalogue.model';
import type { CreateInstituteDto } from '../dto/admin-institute.dto';

// What a staff create or update stores: the DTO's lists with every optional field present, and the audit diff.

export const normaliseFields = (fields: NonNullable<CreateInstituteDto['fields']>): InstituteDefinition['fields'] =>
  fields.map((f) => ({
    key: f.key,
    name: f.name,
    description: f.description ?? null,
    required: f.required,
    type: f.type,
    refData: f.refData ?? null,
    values: f.values ?? null,
    value: f.value ?? null,
    mask: f.mask ?? null,
  }));

export const normaliseDocuments = (
  docs: NonNullable<CreateInstituteDto['documentRequirements']>,
): InstituteDefinition['documentRequirements'] =>
  docs.map((d) => ({
    id: d.id,
    name: d.name,
    type: d.type,
    required: d.required,
    description: d.description ?? null,
    templateDescription: d.templateDescription ?? null,
    template: d.template ?? null,
  }));

/** The fields that changed, with their old and new values, for the audit event. */
export function diff(
  before: InstituteDefinition,
  after: InstituteDefinition,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof InstituteDefinition)[]) {
    if (canonical(before[key]) !== canonical(after[key]))
      changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

/** JSON with object keys sorted: jsonb hands objects back in its own key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}
