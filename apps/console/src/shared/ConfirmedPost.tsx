import { Button } from '@mui/material';
import { useState, type ReactElement } from 'react';
import { Confirm, useNotify } from 'react-admin';
import { httpClient } from '@/dataProvider';

/**
 * A button for a staff action with a consequence: it asks first (title, what will happen), then POSTs to `url`,
 * says `done` (or the API's error) and calls `after` (refresh, redirect).
 */
export function ConfirmedPost(props: {
  label: string;
  icon: ReactElement;
  url: string;
  title: string;
  content: string;
  done: string;
  after: () => void;
  ariaLabel?: string;
  disabled?: boolean;
}) {
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      await httpClient(props.url, { method: 'POST' });
      notify(props.done, { type: 'info' });
      props.after();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setPending(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={props.icon}
        aria-label={props.ariaLabel}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        disabled={props.disabled}
      >
        {props.label}
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title={props.title}
        content={props.content}
        confirm={props.label}
        onConfirm={() => void run()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
