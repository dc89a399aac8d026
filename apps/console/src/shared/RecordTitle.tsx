import { useRecordContext } from 'react-admin';

/** A show/edit page's title: the record's own name (not 'Customers Acme Recruitment Ltd'). */
export function RecordTitle({ field = 'name', prefix = '' }: { field?: string; prefix?: string }) {
  const record = useRecordContext();
  if (!record) return null;
  const value = typeof record[field] === 'string' && record[field] ? record[field] : String(record.id);
  return <span>{`${prefix}${value}`}</span>;
}
