import { isTypeCode, VERIFICATION_TYPES, type TypeAlias } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import { InstituteDetailQuery } from '../../catalogue';
import { InstituteRecordsService } from '../../catalogue';
import type { DirectoryInstitute, InstituteDirectory, RecordMatchOutcome } from './institute-directory.port';

const ALIASES = new Set<string>(VERIFICATION_TYPES.map((t) => t.alias));
const asAlias = (type: string): TypeAlias =>
  ALIASES.has(type) ? (type as TypeAlias) : isTypeCode(type) ? VERIFICATION_TYPES.find((t) => t.code === type)!.alias : 'UNI';

/** The port served by the catalogue module (issue 5): InstituteDetailQuery and InstituteRecordsService. */
@Injectable()
export class CatalogueInstituteDirectory implements InstituteDirectory {
  constructor(
    private readonly details: InstituteDetailQuery,
    private readonly records: InstituteRecordsService,
  ) {}

  async get(instituteId: string): Promise<DirectoryInstitute | null> {
    const found = await this.details.get(instituteId);
    if (!found) return null;
    const i = found.institute;
    return {
      id: i.id,
      name: i.name,
      names: [i.name, ...i.otherNames],
      countryId: i.countryId,
      countryName: found.country?.name ?? null,
      parentId: i.parentId,
      type: asAlias(i.type),
      allowsPending: i.allowsPending,
      maxAdditionalDocs: i.maxAdditionalDocs,
      listsDocuments: i.documentRequirements.length > 0,
      minYear: i.minYear,
      readOnly: i.readOnly,
      allowsCurrentStudent: i.allowsCurrentStudent,
      accreditationPrice: i.accreditationPrice,
      fields: i.fields.map((f) => ({ key: f.key, name: f.name, required: f.required, type: f.type, refData: f.refData, values: f.values })),
      documentRequirements: i.documentRequirements.map((d) => ({ id: d.id, name: d.name, type: d.type, required: d.required })),
      price: i.price,
      surcharge: i.surcharge,
    };
  }

  async refDataOptions(instituteId: string, fieldKey: string): Promise<string[]> {
    const { content } = await this.details.refData(instituteId, fieldKey, undefined, 0, 5000);
    return content.flatMap((o) => [o.name, o.id]);
  }

  holdsRecords(instituteId: string): Promise<boolean> {
    return this.records.holdsRecords(instituteId);
  }

  async findMatch(instituteId: string, query: { firstName: string; lastName: string; dob: string; fields: Record<string, unknown> }): Promise<RecordMatchOutcome> {
    const match = await this.records.findMatch(instituteId, query);
    switch (match.outcome) {
      case 'MATCH': {
        const r = match.record;
        return {
          outcome: 'MATCH',
          data: { firstName: r.firstName, middleName: r.middleName, lastName: r.lastName, dateOfBirth: r.dob, ...r.fields },
        };
      }
      case 'DETAILS_MISMATCH':
        return { outcome: 'NO_MATCH', hints: ['DETAILS'] };
      case 'NO_MATCH':
        return { outcome: 'NO_MATCH', hints: match.hints };
      default: {
        const never: never = match;
        throw new Error(`unknown match outcome ${JSON.stringify(never)}`);
      }
    }
  }
}
