import { Box, Typography } from '@mui/material';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { Fact, FactGrid } from '@/shared/Fact';
import { PageSection } from '@/shared/PageSection';
import { RecordTitle } from '@/shared/RecordTitle';
import { ukDate } from '@/shared/format';
import { MailDeliveryChip } from './delivery';

/** One mail of the outbox: who, what, when, whether SMTP delivered it, and its text as sent. */
function Mail() {
  const m = useRecordContext();
  if (!m) return null;
  return (
    <PageSection title={String(m.subject ?? '')}>
      <FactGrid>
        <Fact label="To">{m.to}</Fact>
        <Fact label="Template">{m.template}</Fact>
        <Fact label="Created">{ukDate(m.createdAt, true)}</Fact>
        <Fact label="Delivery">
          <MailDeliveryChip delivery={m.delivery} />
          {m.sentAt ? ` ${ukDate(m.sentAt, true)}` : m.error ? ` ${m.error}` : ''}
        </Fact>
      </FactGrid>
      <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
        Text
      </Typography>
      <Box component="pre" sx={{ m: 0, p: 2, bgcolor: '#f6f8fc', borderRadius: 1, fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {m.text}
      </Box>
    </PageSection>
  );
}

export function MailShow() {
  return (
    <Show title={<RecordTitle field="subject" />} actions={<TopToolbar><ListButton /></TopToolbar>} sx={{ '& .RaShow-card': { bgcolor: 'transparent', border: 0, boxShadow: 'none' } }}>
      <Mail />
    </Show>
  );
}
