import { Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { UPLOAD_MESSAGES } from '@credence/domain';
import { useState } from 'react';
import { LabelDialog, UploadError, type CardState } from '@/features/ordering/components/DocumentsSection';
import { readPdf } from '@/features/ordering/wizard/readPdf';
import { useUploadOutputDocument } from '@/features/pending/hooks/useUploadOutputDocument';
import { ApiError } from '@/shared/api/client';

/** How many output documents the API takes per request (libs/domain MAX_OUTPUT_DOCUMENTS). */
const MAX_OUTPUTS = 5;

/**
 * The resolve page's output documents (2.9, 2.11): the resolver (signed in or through the public link) attaches PDFs
 * (5 MB, the document rules of 2.6 and 5) with a short label; the enquirer sees them on the result once resolved.
 * What is attached is listed on the request above ('Output Documents').
 */
export function OutputDocumentsUpload({
  id,
  publicMode,
  count,
}: {
  id: string;
  publicMode: boolean;
  count: number;
}) {
  const upload = useUploadOutputDocument(id, publicMode);
  const [labelling, setLabelling] = useState(false);
  const [state, setState] = useState<CardState>({ progress: null, error: null });

  async function attach(label: string, file: File) {
    setState({ progress: 0, error: null });
    const read = await readPdf(file, (p) => setState({ progress: p, error: null }));
    if (!read.ok) {
      setState({ progress: null, error: { message: read.message, tooLarge: read.tooLarge } });
      return;
    }
    try {
      await upload.mutateAsync({ name: label, filename: file.name, data: read.data });
      setState({ progress: null, error: null });
    } catch (error) {
      // The API's refusal stays under the button (the client's toast said it too).
      const message = error instanceof ApiError && !error.sessionEnded ? error.messages.join(' ') : '';
      setState({ progress: null, error: message ? { message, tooLarge: false } : null });
    }
  }

  return (
    <Card component="section" aria-labelledby="output-docs-title">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography id="output-docs-title" variant="h6" component="h3">
            Output Documents
          </Typography>
          <Typography variant="body2">
            Optionally attach documents for the enquirer (for example a transcript or a confirmation letter),
            up to {MAX_OUTPUTS}. They are shown with the result once this request is resolved.{' '}
            {UPLOAD_MESSAGES.mustBePdf}
          </Typography>
          <Box>
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              disabled={upload.isPending || count >= MAX_OUTPUTS}
              onClick={() => setLabelling(true)}
            >
              Upload output document
            </Button>
          </Box>
          {state.progress !== null && (
            <LinearProgress
              variant="determinate"
              value={state.progress}
              aria-label="Uploading the output document"
            />
          )}
          {state.error && <UploadError error={state.error} />}
        </Stack>
      </CardContent>
      {labelling && (
        <LabelDialog
          onClose={() => setLabelling(false)}
          onFile={(label, file) => {
            setLabelling(false);
            void attach(label, file);
          }}
        />
      )}
    </Card>
  );
}
