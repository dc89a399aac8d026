import { Box, Typography } from '@mui/material';
import { DeleteButton, ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { browserOf } from '@/resources/debug-recordings/format';
import { UserAgentLine } from '@/resources/debug-recordings/UserAgentLine';
import { Fact, FactGrid } from '@/shared/Fact';
import { PageSection } from '@/shared/PageSection';
import { RecordTitle } from '@/shared/RecordTitle';
import { ukDate } from '@/shared/format';
import { ReplayButton } from './ReplayButton';
import { sourceOf } from './sources';

/** The message in full, and the stack as the browser gave it. */
function ErrorSection() {
  const r = useRecordContext();
  if (!r) return null;
  return (
    <PageSection title="Error">
      <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontWeight: 600 }}>
        {r.message}
      </Typography>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        Stack
      </Typography>
      {r.stack ? (
        <Box
          component="pre"
          data-testid="error-stack"
          sx={{
            fontFamily: 'monospace',
            fontSize: 12,
            whiteSpace: 'pre',
            overflow: 'auto',
            maxHeight: 360,
            bgcolor: '#fdf2f2',
            p: 1.5,
            borderRadius: 1,
            m: 0,
            mt: 0.5,
          }}
        >
          {r.stack}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          The portal sent no stack with this error.
        </Typography>
      )}
    </PageSection>
  );
}

/** Where and when it happened, to whom, in which browser and portal version. */
function Details() {
  const r = useRecordContext();
  if (!r) return null;
  return (
    <PageSection title="Details">
      <FactGrid>
        <Fact label="When">{ukDate(r.occurredAt, true)}</Fact>
        <Fact label="Source">{sourceOf(r.source)}</Fact>
        <Fact label="Page">{r.path}</Fact>
        <Fact label="User">{r.username ?? 'Signed out'}</Fact>
        <Fact label="Browser">{browserOf(r.userAgent)}</Fact>
        <Fact label="Portal version">{r.appVersion}</Fact>
        <Fact label="Recording">{r.recordingId}</Fact>
        <Fact label="Id">{r.id}</Fact>
      </FactGrid>
      <UserAgentLine userAgent={r.userAgent} />
    </PageSection>
  );
}

/** The way to the session's replay, or why there is none. */
function Replay() {
  const r = useRecordContext();
  if (!r) return null;
  return (
    <PageSection title="Session replay">
      {r.hasRecording ? (
        <ReplayButton label="Replay the session" />
      ) : (
        <>
          <Typography variant="body2">No recording of this session.</Typography>
          {r.recordingId ? (
            <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
              The portal was recording it, but the recording has not arrived or has been deleted.
            </Typography>
          ) : null}
        </>
      )}
    </PageSection>
  );
}

export function ErrorReportShow() {
  return (
    <Show
      title={<RecordTitle field="path" prefix="Error report " />}
      actions={
        <TopToolbar>
          <ListButton />
          <DeleteButton
            mutationMode="pessimistic"
            confirmTitle="Delete this error report?"
            confirmContent="The report is deleted for good. The recording of its session, if there is one, stays in Debug sessions."
          />
        </TopToolbar>
      }
      sx={{ '& .RaShow-card': { bgcolor: 'transparent', border: 0, boxShadow: 'none' } }}
    >
      <ErrorSection />
      <Details />
      <Replay />
    </Show>
  );
}
