import { api, type CallOptions } from '@/shared/api/client';

interface ApplicationPage {
  totalSize?: number;
  content?: { id: number | string }[];
}

/** The open applications asked for at login (spec 2.5: status OPEN, page 0, size 500). */
export async function openApplications(options: CallOptions = {}): Promise<ApplicationPage> {
  return api.get<ApplicationPage>(
    '/application',
    { status: 'OPEN', page: 0, size: 500 },
    { ...options, silent: true },
  );
}

export function countOf(page: ApplicationPage | undefined): number {
  return page?.totalSize ?? page?.content?.length ?? 0;
}

export async function countOpenApplications(options: CallOptions = {}): Promise<number> {
  return countOf(await openApplications(options));
}
