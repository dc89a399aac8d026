import { DomainError } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { INSTITUTE_DIRECTORY, type DirectoryInstitute, type InstituteDirectory } from '../ports/institute-directory.port';

/**
 * What the write path reads of the institute catalogue, through its port: an institute named by a request (an
 * unknown one is refused in the spec's words), the options its ONLY reference-data fields allow, whether its
 * records are held (automatic checking).
 */
@Injectable()
export class InstituteLookup {
  constructor(@Inject(INSTITUTE_DIRECTORY) private readonly directory: InstituteDirectory) {}

  async get(id: string | null): Promise<DirectoryInstitute | null> {
    if (!id) return null;
    const institute = await this.directory.get(id);
    if (!institute) throw new DomainError('invalid', 'Failed to get Institute Details', 'QC-UNKNOWN-INSTITUTE');
    return institute;
  }

  async refDataOptions(institute: DirectoryInstitute): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const f of institute.fields) {
      if (f.refData === 'ONLY' && !f.values?.length) out[f.key] = await this.directory.refDataOptions(institute.id, f.key);
    }
    return out;
  }

  holdsRecords(instituteId: string | null | undefined): Promise<boolean> {
    return instituteId ? this.directory.holdsRecords(instituteId) : Promise.resolve(false);
  }
}
