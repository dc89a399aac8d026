import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRecordContext, useUpdate } from 'react-admin';
import { archiveConfirmation, type ApplicationRecord } from '@/resources/applications/status';

/**
 * Staff archive (PUT /admin/applications/{id} with {status: 'ARCHIVED'}), confirmed in the words of the
 * organisation's Archive (verifications.md 2.13); the applicant is notified by the API. Disabled once archived.
 */
export function ArchiveButton() {
  const record = useRecordContext<ApplicationRecord>();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [update, { isPending }] = useUpdate<ApplicationRecord>();
  if (!record) return null;
  const { title, content } = archiveConfirmation(record.status);
  const archive = () =>
    update(
      'applications',
      { id: record.id, data: { status: 'ARCHIVED' }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('Application archived.', { type: 'success' });
        },
        onError: (e) => {
          setOpen(false);
          notify((e as Error).message, { type: 'error', autoHideDuration: 7500 });
        },
      },
    );
  return (
    <>
      <Button
        variant="outlined"
        color="warning"
        startIcon={<ArchiveOutlined />}
        disabled={record.status === 'ARCHIVED' || isPending}
        onClick={() => setOpen(true)}
      >
        {isPending ? 'Archiving...' : 'Archive'}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={title}
        content={content}
        confirm={isPending ? 'Archiving...' : 'Archive'}
        cancel="Cancel"
        onConfirm={archive}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
