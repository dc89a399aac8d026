import { api } from '@/shared/api/client';

interface ApplicationPage {
  totalSize?: number;
  content?: { id: number | string }[];
}

/** The open applications asked for at login (spec 2.5: status OPEN, page 0, size 500). */
export async function openApplications(): Promise<ApplicationPage> {
  return api.get<ApplicationPage>('/application', { status: 'OPEN', page: 0, size: 500 }, { silent: true });
}

export async function countOpenApplications(): Promise<number> {
  const page = await openApplications();
  return page?.totalSize ?? page?.content?.length ?? 0;
}
